import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('config', () => {
  it('gives every setting a default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '::',
      MAIN_DOMAIN: 'localhost',
      REGISTRATION_AUTO_APPROVE: true,
      SEED_DEMO: true,
      TRUST_PROXY: false,
      LOG_LEVEL: 'info',
      SESSION_HOURS: 12,
      REMEMBER_DAYS: 30,
      LOGIN_MAX_PER_IP_PER_MINUTE: 20,
      LOGIN_MAX_FAILURES_PER_ACCOUNT: 10,
      LOGIN_LOCK_MINUTES: 15,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.DATA_DIR).toBe(path.resolve('data'));
  });

  it('reads and coerces values, overrides win over the environment, empty strings mean unset', () => {
    const config = loadConfig(
      { PORT: '8080', MAIN_DOMAIN: 'Example.COM', REGISTRATION_AUTO_APPROVE: 'yes', SEED_DEMO: '0', DATA_DIR: '/tmp/x', SMTP_URL: '' },
      { PORT: '9090' },
    );
    expect(config.PORT).toBe(9090);
    expect(config.MAIN_DOMAIN).toBe('example.com');
    expect(config.REGISTRATION_AUTO_APPROVE).toBe(true);
    expect(config.SEED_DEMO).toBe(false);
    expect(config.DATA_DIR).toBe('/tmp/x');
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('WORKERS: a number or auto (one per CPU); more than one only with DATABASE_URL', () => {
    expect(loadConfig({}).WORKERS).toBe(1);
    expect(loadConfig({ WORKERS: '4', DATABASE_URL: 'postgres://db/tavolo' }).WORKERS).toBe(4);
    expect(loadConfig({ WORKERS: 'auto', DATABASE_URL: 'postgres://db/tavolo' }).WORKERS).toBe(os.availableParallelism());
    expect(() => loadConfig({ WORKERS: '2' })).toThrowError(/WORKERS: more than one process needs DATABASE_URL/);
    expect(() => loadConfig({ WORKERS: '0' })).toThrowError(/WORKERS: must be a number of processes/);
    expect(loadConfig({}).SHUTDOWN_TIMEOUT_SECONDS).toBe(10);
  });

  it.each([
    ['SHUTDOWN_TIMEOUT_SECONDS', '0'],
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['MAIN_DOMAIN', 'http://example.com/'],
    ['DATABASE_URL', 'not a url'],
    ['REGISTRATION_AUTO_APPROVE', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['SESSION_HOURS', '0'],
    ['LOGIN_MAX_FAILURES_PER_ACCOUNT', '-1'],
  ])('a bad %s (%s) stops start-up with a message that names it', (key, value) => {
    expect(() => loadConfig({ [key]: value })).toThrowError(new RegExp(`Invalid configuration:[\\s\\S]*\\b${key}\\b`));
    // ...and only it.
    const message = (() => {
      try {
        loadConfig({ [key]: value });
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message!.trim().split('\n')).toHaveLength(2);
    expect(message).toContain(JSON.stringify(value));
  });
});
