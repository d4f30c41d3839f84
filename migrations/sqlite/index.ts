import * as migration_20261122_074716_init from './20261122_074716_init.js';

export const migrations = [
  {
    up: migration_20261122_074716_init.up,
    down: migration_20261122_074716_init.down,
    name: '20261122_074716_init',
  },
];
