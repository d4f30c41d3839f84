import * as migration_20261122_074710_init from './20261122_074710_init.js';

export const migrations = [
  {
    up: migration_20261122_074710_init.up,
    down: migration_20261122_074710_init.down,
    name: '20261122_074710_init',
  },
];
