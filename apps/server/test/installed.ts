import { execFileSync } from 'node:child_process';

/** Whether `command args` runs and exits 0: a test's way to ask if a program is installed. */
export function installed(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
