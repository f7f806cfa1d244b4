/** `folio build <args>` run in the test's own process (a child process costs ~10 s of tsx start-up on a busy machine). */
import { Command } from 'commander';
import { vi } from 'vitest';
import { registerBuild } from '../../src/cli/commands/build.js';

/** The command's exit code and what it wrote to stdout and stderr. */
export async function runFolioBuild(args: string[]): Promise<{ exitCode: number | undefined; stdout: string; stderr: string }> {
  const program = new Command().exitOverride();
  registerBuild(program);
  let stdout = '';
  let stderr = '';
  const outSpy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
  const errSpy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
  try {
    await program.parseAsync(['build', ...args], { from: 'user' });
  } finally {
    outSpy.mockRestore();
    errSpy.mockRestore();
  }
  const exitCode = process.exitCode as number | undefined;
  process.exitCode = undefined;
  return { exitCode, stdout, stderr };
}
