package { 'a': }
package { 'b': alias => 'a' }
