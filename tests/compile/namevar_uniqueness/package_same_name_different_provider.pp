package { 'yaml-apt': name => 'yaml', provider => 'apt' }
package { 'yaml-gem': name => 'yaml', provider => 'gem' }
