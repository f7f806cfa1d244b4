/** A deterministic ~1,500-word MDX page with a code block and a table, like the build benchmark's corpus. */
export function generatePage(seed: number): string {
  const words = ['docs', 'build', 'fast', 'page', 'server', 'render', 'component', 'markdown', 'static', 'site', 'search', 'deploy', 'config', 'theme', 'sidebar', 'anchor', 'version', 'language', 'navigation', 'content'];
  let state = seed * 2654435761 >>> 0;
  const next = () => {
    state = (state * 1103515245 + 12345) >>> 0;
    return state;
  };
  const sentence = (n: number) => {
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(words[next() % words.length]!);
    const s = out.join(' ');
    return s[0]!.toUpperCase() + s.slice(1) + '.';
  };
  const paragraph = () => Array.from({ length: 6 }, () => sentence(13 + (next() % 6))).join(' ');
  const parts: string[] = [`# Page ${seed}`, '', paragraph(), ''];
  for (let section = 0; section < 6; section++) {
    parts.push(`## Section ${section} of page ${seed}`, '', paragraph(), '', paragraph(), '');
    if (section === 2) {
      parts.push('```ts example.ts', `export function page${seed}(input: string): number {`, '  const parts = input.split(",");', '  return parts.length * 2; // double', '}', '```', '');
    }
    if (section === 4) {
      parts.push('| Option | Type | Default |', '| --- | --- | --- |');
      for (let r = 0; r < 5; r++) parts.push(`| \`opt${r}\` | string | **${words[next() % words.length]}** |`);
      parts.push('');
    }
    parts.push(`- ${sentence(8)}`, `- ${sentence(8)} with [a link](/page-${(seed + 1) % 1000})`, '');
  }
  return parts.join('\n');
}
