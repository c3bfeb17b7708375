// The process entry of npm start and npm run dev; the server itself lives in start-server.ts.
import { ConfigError } from './config.js';
import { startServer } from './start-server.js';

startServer().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
