package { 'a': name => 'curl', provider => 'apt' }
package { 'b': name => 'curl', provider => 'apt' }
