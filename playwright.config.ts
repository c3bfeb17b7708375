import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 5179);
// Chromium's headless shell where it is installed (Debian's chromium-headless-shell), the full
// browser otherwise: the shell has no GPU process or browser UI and ran the suite about a fifth faster
// on two cores (docs/decisions/053-browser-tests-on-the-headless-shell.md).
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'reports/e2e-results.json' }]] : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'npm run build && tsx test/e2e/server.ts',
    url: `http://localhost:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: { E2E_PORT: String(port) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
