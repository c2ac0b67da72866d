import { describe, expect, it } from 'vitest';
import { consoleServiceUrl, logoutTarget } from './cas-logout';

describe('logout target', () => {
  it('goes to the CAS logout with the console as the encoded service', () => {
    const service = consoleServiceUrl({
      origin: 'https://ics.example.org',
      pathname: '/console/',
      search: '?a=1',
    });
    expect(service).toBe('https://ics.example.org/console/?a=1');
    expect(logoutTarget('https://cas.example.org/cas/', service)).toBe(
      'https://cas.example.org/cas/logout?service=https%3A%2F%2Fics.example.org%2Fconsole%2F%3Fa%3D1',
    );
  });

  it('stays in the console without a CAS server', () => {
    expect(logoutTarget(null, 'http://localhost/')).toBeNull();
    expect(logoutTarget(undefined, 'http://localhost/')).toBeNull();
    expect(logoutTarget('  ', 'http://localhost/')).toBeNull();
  });
});
