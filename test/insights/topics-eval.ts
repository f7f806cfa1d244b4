/**
 * Topics of real readers' questions on a real site: the 68 questions of `eval/mintlify-questions.json`
 * (each written from the page that answers it) over mintlify-docs' retrieval file, none of them
 * citing a page (the worst case: every one placed by retrieval). Prints each topic with its
 * questions, ✓ where the topic lists the question's answering page, and the share of those.
 *
 * Build the corpus first with `npm run eval:search` (it keeps the build in the temp folder), then
 * `npx tsx test/insights/topics-eval.ts`.
 */
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fixTopicPrompt, sortTopics, topicsOf, type TopicItem } from '../../src/insights/index.js';
import { indexOfFile, RETRIEVAL_FILE } from '../../src/retrieval/index.js';

const file = path.join(os.tmpdir(), 'folio-eval-mintlify-docs', RETRIEVAL_FILE);
if (!existsSync(file)) {
  console.error(`No ${file}: run \`npm run eval:search\` first.`);
  process.exit(1);
}
const index = indexOfFile(readFileSync(file, 'utf8'))!;
const set = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../eval/mintlify-questions.json'), 'utf8')) as { questions: { q: string; path: string }[] };
const answering = new Map(set.questions.map((q) => [q.q, q.path]));
// Some asked more than others, some rated: enough for the three views to differ.
const items: TopicItem[] = set.questions.map((q, i) => ({ text: q.q, count: 1 + (i % 3), answered: true, rating: i % 7 === 0 ? 'down' : i % 5 === 0 ? 'up' : null, cited: [], kind: 'question' }));

let t = performance.now();
const topics = await topicsOf(items, index, { log: console.log });
console.log(`topicsOf: ${(performance.now() - t).toFixed(0)} ms (indexing the language included)`);
t = performance.now();
await topicsOf(items, index);
console.log(`again: ${(performance.now() - t).toFixed(0)} ms`);

let right = 0;
for (const topic of topics) {
  console.log(`\n${topic.label} (${topic.id}, ${topic.count}): ${topic.pages.map((p) => p.path).join(' ')}`);
  for (const q of topic.questions) {
    const ok = topic.pages.some((p) => p.path === answering.get(q.text));
    if (ok) right++;
    console.log(`  ${ok ? '✓' : '✗'} ${q.text}  [${answering.get(q.text)}]`);
  }
}
console.log(`\nquestions in a topic that lists their answering page: ${right}/${items.length}`);
console.log(`voted negatively: ${sortTopics(topics, 'negative').slice(0, 5).map((x) => `${x.label} (${x.unanswered + x.thumbsDown})`).join(', ')}`);
console.log(`\nThe agent's prompt for "${topics[0]!.label}":\n${fixTopicPrompt(topics[0]!, 'Mintlify')}`);
