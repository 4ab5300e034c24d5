/**
 * The console module. Its contents arrive with its own issue; see DESIGN.md for its place in the
 * module graph.
 */
package org.digitalheaven.console;
