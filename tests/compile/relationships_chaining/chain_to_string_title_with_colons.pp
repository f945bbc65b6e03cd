service { 'app::worker': }
package { 'p': } -> Service['app::worker']
