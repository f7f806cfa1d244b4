/**
 * A docs repository's own instructions for the agent: `.folio/AGENTS.md`, else `.mintlify/AGENTS.md`
 * (where the platform reads it, for repositories moved from it), else `AGENTS.md` at the repository
 * root, read into every job's instructions. Bounded (`MAX_AGENTS_MD_BYTES`, longer ones
 * cut with a note) and read only inside the checkout: a symlink out of it is refused (shared's
 * real-path guard; Folio's git checks symlinks out as plain files anyway).
 */
import { open } from 'node:fs/promises';
import { realPathInside } from '../../shared/index.js';

/** Most bytes of AGENTS.md given to the model: 32 KiB (some 8,000 tokens). */
export const MAX_AGENTS_MD_BYTES = 32 * 1024;

/** Where the file is looked for, first found wins: the dedicated folders before the root, whose file often speaks to other coding agents. */
export const AGENTS_MD_PATHS = ['.folio/AGENTS.md', '.mintlify/AGENTS.md', 'AGENTS.md'] as const;

export interface AgentsMd {
  /** Path in the repository. */
  file: string;
  /** Its text, cut at the limit (with a note saying so). */
  text: string;
  /** Bytes of the whole file. */
  bytes: number;
  /** The limit it was read with. */
  limit: number;
  truncated: boolean;
}

/** What happened when the file was looked for, for the job's transcript. */
export type AgentsMdResult = { kind: 'found'; agentsMd: AgentsMd } | { kind: 'none' } | { kind: 'refused'; file: string; why: string };

/** Read the repository's AGENTS.md from the checkout at `repoDir` (the repository root). */
export async function readAgentsMd(repoDir: string, maxBytes = MAX_AGENTS_MD_BYTES): Promise<AgentsMdResult> {
  for (const file of AGENTS_MD_PATHS) {
    const found = await realPathInside(repoDir, file);
    if (!found.ok) {
      if (found.reason === 'outside') return { kind: 'refused', file, why: 'it is a link that leads out of the repository' };
      continue;
    }
    const handle = await open(found.path, 'r').catch(() => null);
    if (!handle) continue;
    try {
      const info = await handle.stat();
      if (!info.isFile()) continue;
      const buffer = Buffer.alloc(Math.min(info.size, maxBytes));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      let text = buffer.subarray(0, bytesRead).toString('utf8');
      const truncated = info.size > maxBytes;
      // A cut in the middle of a character leaves U+FFFD at the end: dropped.
      if (truncated) text = `${text.replace(/\uFFFD+$/, '')}\n\n[AGENTS.md was cut here: it is ${info.size} bytes and the agent is given the first ${maxBytes}.]`;
      return { kind: 'found', agentsMd: { file, text, bytes: info.size, limit: maxBytes, truncated } };
    } finally {
      await handle.close();
    }
  }
  return { kind: 'none' };
}

/** The instructions block a model is given: the file's text under a heading that says whose it is. */
export function agentsMdInstructions(agentsMd: AgentsMd): string {
  return `## The repository's instructions (${agentsMd.file})\nThe maintainers of this documentation wrote these for agents working on it. Follow them where they do not conflict with the rules above.\n\n${agentsMd.text}`;
}

/** The transcript's line about it. */
export function agentsMdNote(result: AgentsMdResult): string {
  if (result.kind === 'none') return `No AGENTS.md in the repository (looked for ${AGENTS_MD_PATHS.join(', ')}).`;
  if (result.kind === 'refused') return `${result.file} was not read: ${result.why}.`;
  const { file, bytes, limit, truncated } = result.agentsMd;
  return truncated
    ? `Read ${file} (${bytes} bytes) into the agent's instructions, cut to its first ${limit} bytes.`
    : `Read ${file} (${bytes} bytes) into the agent's instructions.`;
}

/**
 * The repository's instructions for a job (what `run-job` hands the model as `instructions`): its
 * AGENTS.md read, and a transcript note saying what was read, cut or refused.
 */
export async function jobInstructions(repoDir: string, note: (text: string) => void): Promise<string | undefined> {
  const result = await readAgentsMd(repoDir).catch((err: unknown) => ({ kind: 'refused' as const, file: 'AGENTS.md', why: (err as Error).message }));
  note(agentsMdNote(result));
  return result.kind === 'found' ? agentsMdInstructions(result.agentsMd) : undefined;
}
