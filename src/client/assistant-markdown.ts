/**
 * The assistant's answer (Markdown, as it streams) → HTML. Small on purpose: paragraphs, lists,
 * headings as bold lines, fenced code with a copy button and highlighting (`highlight`), inline code,
 * bold and italics, links.
 * Everything is escaped first; links are kept only to the site (`/…`), `mailto:` and http(s) (the
 * server already dropped links to pages that do not exist).
 */
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const KEYWORDS = new Set('as async await break case catch class const continue def default defer delete do elif else enum export extends false fn for from func function go if impl import in interface let match mod new nil none not null or package pass pub raise return self static struct super switch this throw true try type undefined use var void while with yield'.split(' '));
/** Languages whose comments start with `#`. */
const HASH_COMMENTS = /^(bash|sh|shell|zsh|console|python|py|ruby|rb|yaml|yml|toml|dockerfile|makefile|r|perl|ini|conf)$/i;

/**
 * Code → HTML with spans for comments, strings, numbers, keywords and called names: one pass of one
 * regular expression (a 1 KB stand-in for the build's Shiki, which stays out of the panel's
 * island). The colours are the island's (`tk-*`), one set per mode.
 */
export function highlight(code: string, lang: string): string {
  const comment = HASH_COMMENTS.test(lang) ? String.raw`#[^\n]*` : String.raw`\/\/[^\n]*|\/\*[\s\S]*?\*\/|<!--[\s\S]*?-->`;
  const strings = String.raw`"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|` + '`(?:[^`\\\\]|\\\\.)*`';
  const token = new RegExp(`(${comment})|(${strings})|` + String.raw`(\b\d[\d_]*(?:\.\d+)?\b)|([A-Za-z_$][\w$]*)(?=\s*\()|([A-Za-z_$][\w$]*)`, 'g');
  let out = '';
  let at = 0;
  for (const m of code.matchAll(token)) {
    const kind = m[1] ? 'c' : m[2] ? 's' : m[3] ? 'n' : m[4] ? (KEYWORDS.has(m[4]) ? 'k' : 'f') : m[5] && KEYWORDS.has(m[5]) ? 'k' : '';
    out += escape(code.slice(at, m.index));
    out += kind ? `<span class="tk-${kind}">${escape(m[0])}</span>` : escape(m[0]);
    at = m.index + m[0].length;
  }
  return out + escape(code.slice(at));
}

function inline(text: string): string {
  const codes: string[] = [];
  let out = escape(text).replace(/`([^`]+)`/g, (_, code: string) => `\u0000${codes.push(code) - 1}\u0000`);
  out = out
    .replace(/\[([^\]]+)\]\(((?:\/|#|mailto:|https?:\/\/)[^)\s]*)\)/g, (_, label: string, href: string) => `<a href="${href}"${/^https?:/.test(href) ? ' target="_blank" rel="noopener"' : ''}>${label}</a>`)
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[\s(])_([^_]+)_(?=$|[\s).,])/g, '$1<em>$2</em>')
    .replace(/(^|[\s(])\*([^*]+)\*(?=$|[\s).,])/g, '$1<em>$2</em>');
  return out.replace(/\u0000(\d+)\u0000/g, (_, i: string) => `<code>${codes[Number(i)]}</code>`);
}

/** HTML of `markdown`; an unclosed code fence (still streaming) is drawn as code so far. */
export function renderAnswer(markdown: string): string {
  const html: string[] = [];
  const lines = markdown.split('\n');
  let list: 'ul' | 'ol' | null = null;
  let para: string[] = [];
  const endPara = () => {
    if (para.length) html.push(`<p>${inline(para.join(' '))}</p>`);
    para = [];
  };
  const endList = () => {
    if (list) html.push(`</${list}>`);
    list = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = /^\s*```\s*([\w+-]*)/.exec(line);
    if (fence) {
      endPara();
      endList();
      const code: string[] = [];
      while (++i < lines.length && !/^\s*```\s*$/.test(lines[i]!)) code.push(lines[i]!);
      const lang = fence[1] ? `<span class="assistant-code-lang">${escape(fence[1])}</span>` : '<span></span>';
      html.push(`<div class="assistant-code"><div class="assistant-code-bar">${lang}<button type="button" class="assistant-copy" data-assistant-copy="">Copy</button></div><pre><code>${highlight(code.join('\n'), fence[1] ?? '')}</code></pre></div>`);
      continue;
    }
    const item = /^\s*(?:([-*])|(\d+)[.)])\s+(.*)$/.exec(line);
    if (item) {
      endPara();
      const kind = item[1] ? 'ul' : 'ol';
      if (list !== kind) {
        endList();
        html.push(`<${kind}>`);
        list = kind;
      }
      html.push(`<li>${inline(item[3]!)}</li>`);
      continue;
    }
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) {
      endPara();
      endList();
      html.push(`<p><strong>${inline(heading[1]!)}</strong></p>`);
      continue;
    }
    if (!line.trim()) {
      endPara();
      endList();
      continue;
    }
    endList();
    para.push(line.trim());
  }
  endPara();
  endList();
  return html.join('');
}
