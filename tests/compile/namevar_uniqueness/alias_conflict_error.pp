package { 'a': alias => 'shared' }
package { 'b': alias => 'shared' }
