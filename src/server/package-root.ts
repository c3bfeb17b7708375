import { fileURLToPath } from 'node:url';

/**
 * The checkout's root directory. This module sits in src/server (tsx, Vitest) or is bundled into a
 * file of dist/server (scripts/build-server.mjs writes them side by side): two levels below the
 * root either way, so files beside the code (the migrations, the built client) are found from here.
 */
export const packageRoot = fileURLToPath(new URL('../..', import.meta.url));
