@package { 'dup': }
package { 'dup': }
