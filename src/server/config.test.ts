import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('the deal clock configuration', () => {
  it('reads durations in human forms, with the defaults of issue 14', () => {
    expect(loadConfig({}).deal).toEqual({
      reviewWindowMs: 7 * DAY,
      deliveryGraceMs: 3 * DAY,
      cancelResponseWindowMs: 5 * DAY,
      paymentWindowMs: 7 * DAY,
      remindersMs: [3 * DAY, DAY],
      sweepIntervalMs: 30_000,
      includedRevisions: 2,
    });
    const deal = loadConfig({ DEAL_REVIEW_WINDOW: '36h', DEAL_DELIVERY_GRACE: '1.5d', DEAL_REMINDERS: '1h, 2d', DEAL_SWEEP_INTERVAL: '0' }).deal;
    expect(deal).toMatchObject({ reviewWindowMs: 36 * HOUR, deliveryGraceMs: 36 * HOUR, remindersMs: [2 * DAY, HOUR], sweepIntervalMs: 0 });
    expect(loadConfig({ DEAL_REMINDERS: '' }).deal.remindersMs).toEqual([]);
    // Issue 18: the revision requests a deal includes, unless the bid names its own number.
    expect(loadConfig({ DEAL_INCLUDED_REVISIONS: '0' }).deal.includedRevisions).toBe(0);
    expect(() => loadConfig({ DEAL_INCLUDED_REVISIONS: 'two' })).toThrow(ConfigError);
  });

  it('stops start-up with a readable message for a value that is not a duration', () => {
    for (const [name, value] of [
      ['DEAL_REVIEW_WINDOW', 'seven days'],
      ['DEAL_REVIEW_WINDOW', '7'],
      ['DEAL_CANCEL_RESPONSE_WINDOW', '-5d'],
      ['DEAL_PAYMENT_WINDOW', 'a week'],
      ['DEAL_REMINDERS', '3d,soon'],
      ['DEAL_SWEEP_INTERVAL', 'often'],
    ] as const) {
      expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: ".+" is not a duration`));
    }
  });
});

describe('the GitHub App configuration', () => {
  const pem = '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA0fake\nkeybody==\n-----END RSA PRIVATE KEY-----';
  const github = {
    GITHUB_APP_ID: '123456',
    GITHUB_APP_PRIVATE_KEY: pem,
    GITHUB_WEBHOOK_SECRET: 'webhook-secret',
    GITHUB_CLIENT_ID: 'Iv1.0123456789abcdef',
    GITHUB_CLIENT_SECRET: 'client-secret',
    GITHUB_APP_SLUG: 'finishline',
  };

  it('is off without the variables: repositories use the sandbox host', () => {
    expect(loadConfig({}).github).toBeNull();
  });

  it('reads all six, with github.com by default and the key with literal \\n escapes', () => {
    expect(loadConfig(github).github).toEqual({
      appId: '123456',
      privateKey: pem,
      webhookSecret: 'webhook-secret',
      clientId: 'Iv1.0123456789abcdef',
      clientSecret: 'client-secret',
      appSlug: 'finishline',
      apiUrl: 'https://api.github.com',
      webUrl: 'https://github.com',
    });
    const oneLine = loadConfig({
      ...github,
      GITHUB_APP_PRIVATE_KEY: pem.replaceAll('\n', '\\n'),
      GITHUB_API_URL: 'http://127.0.0.1:4010/',
      GITHUB_WEB_URL: 'http://127.0.0.1:4010',
    }).github;
    expect(oneLine).toMatchObject({ privateKey: pem, apiUrl: 'http://127.0.0.1:4010', webUrl: 'http://127.0.0.1:4010' });
  });

  it('stops start-up naming each missing variable when only some are set', () => {
    const { GITHUB_CLIENT_SECRET: _secret, GITHUB_APP_SLUG: _slug, ...partial } = github;
    expect(() => loadConfig(partial)).toThrow(ConfigError);
    expect(() => loadConfig(partial)).toThrow(/GITHUB_CLIENT_SECRET: is needed with the other GitHub App variables/);
    expect(() => loadConfig(partial)).toThrow(/GITHUB_APP_SLUG: is needed/);
    expect(() => loadConfig({ GITHUB_APP_ID: '1' })).toThrow(/GITHUB_WEBHOOK_SECRET: is needed/);
  });

  it('refuses a private key that is not PEM and an App ID that is not a number', () => {
    expect(() => loadConfig({ ...github, GITHUB_APP_PRIVATE_KEY: 'not a key' })).toThrow(/GITHUB_APP_PRIVATE_KEY: is not a PEM private key/);
    expect(() => loadConfig({ ...github, GITHUB_APP_ID: 'finishline' })).toThrow(/GITHUB_APP_ID: write the numeric App ID/);
  });
});
