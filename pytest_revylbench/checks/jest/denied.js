'use strict';
// What a hidden component test gets for a Node module it never needs (child processes,
// threads, the inspector, the heap, raw sockets...): the grader maps those names here.
throw new Error(
  'revylbench: this Node module is not available to code under the hidden component tests',
);
