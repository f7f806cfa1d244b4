/**
 * The dashboard a team opens every morning, in Chromium, over 30 seeded days (look/dashboard-seed.ts):
 * every screen at 390x844 and 1440x900, light and dark, with no sideways scrolling, no control under
 * AA contrast and no serious axe violation; screenshot sheets beside the platform's reference
 * screenshots (test-artifacts/dashboard-vs-reference/); and what a person does there: the range
 * picker (presets and the calendar) changes every figure, the CSV menu downloads what the list
 * shows, feedback tabs and statuses, a topic handed to the agent, the phone drawer, the theme switch.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_DIR } from '../../compat/corpora.js';
import { dashboardScreens, measureDashboardScreens, openScreen, signIn, startSeededDashboard, type SeededServer } from '../../look/dashboard-screens.js';
import { lighthouseScores } from '../../look/lighthouse.js';
import { hasChromium, launchChromium } from '../browser/chromium.js';

const shots = path.resolve('test-artifacts/dashboard');
const sheets = path.resolve('test-artifacts/dashboard-vs-reference');

/** The figures of the traffic screen as a person reads them: the five key figures and the chart's days. */
async function trafficFigures(page: Page): Promise<{ kpis: string[]; days: number; label: string }> {
  const kpis = await page.locator('.kpis .kpi').allInnerTexts();
  const values = JSON.parse((await page.locator('[data-chart]').getAttribute('data-values')) ?? '{"days":[]}') as { days: string[] };
  const label = (await page.locator('.range-picker summary').innerText()).trim();
  return { kpis: kpis.map((k) => k.replace(/\s+/g, ' ').trim()), days: values.days.length, label };
}

/** A sheet: Folio's screenshot beside the platform's, each captioned, as one image. */
async function sheet(browser: Browser, name: string, folio: string, reference: string): Promise<void> {
  const data = (file: string) => `data:image/png;base64,${fs.readFileSync(file).toString('base64')}`;
  const page = await browser.newPage({ viewport: { width: 2400, height: 800 } });
  await page.setContent(
    `<body style="margin:0;font:16px sans-serif;display:grid;grid-template-columns:1fr 1fr;gap:16px;padding:16px;background:#ddd">` +
      `<figure style="margin:0"><figcaption>Folio: ${name}</figcaption><img style="width:100%;border:1px solid #999" src="${data(folio)}"></figure>` +
      `<figure style="margin:0"><figcaption>The platform: ${path.basename(reference)}</figcaption><img style="width:100%;border:1px solid #999" src="${data(reference)}"></figure></body>`,
  );
  await page.screenshot({ path: path.join(sheets, `${name}.png`), fullPage: true });
  await page.close();
}

describe.skipIf(!hasChromium)('the dashboard in chromium', () => {
  let dashboard: SeededServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let at = '';

  beforeAll(async () => {
    dashboard = await startSeededDashboard();
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: 'light', acceptDownloads: true });
    page = await context.newPage();
    await signIn(page, dashboard.url);
    at = `${dashboard.url}/dashboard/projects/${dashboard.project.id}`;
    fs.mkdirSync(shots, { recursive: true });
    fs.mkdirSync(sheets, { recursive: true });
    fs.mkdirSync(path.join(shots, 'guide'), { recursive: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await dashboard?.close();
  });

  it('every screen, on a phone and a desktop, light and dark: nothing scrolls sideways, no control under AA, no serious axe violation', async () => {
    const looks = await measureDashboardScreens(dashboard, { browser, shotsDir: shots });
    expect(looks.length).toBe(dashboardScreens(dashboard).length * 4);
    const failures = looks.filter((l) => l.error || l.status >= 400 || l.overflowPx > 0 || l.contrast.length > 0 || l.axe.length > 0);
    expect(failures.map((l) => ({ screen: l.screen, view: l.view, scheme: l.scheme, status: l.status, error: l.error, overflow: l.overflowCulprit, contrast: l.contrast, axe: l.axe.map((a) => `${a.id} ${a.target}`) }))).toEqual([]);
  }, 900_000);

  it('puts each screen beside the platform’s reference screenshot', async (ctx) => {
    if (!fs.existsSync(REFERENCE_DIR)) ctx.skip();
    const ref = (file: string) => path.join(REFERENCE_DIR, 'platform', file);
    const pairs: [string, string, string][] = [
      ['traffic', `${at}/analytics`, 'analytics/traffic-light.png'],
      ['searches', `${at}/analytics/searches`, 'analytics/search-light.png'],
      ['feedback', `${at}/analytics/feedback`, 'analytics/feedback-light.png'],
      ['assistant', `${at}/analytics/assistant`, 'analytics/assistant-light.png'],
      ['editor', `${at}/editor`, 'quickstart/web-editor-light.png'],
    ];
    for (const [name, url, reference] of pairs) {
      await page.goto(url);
      await page.evaluate(() => document.fonts.ready);
      if (name === 'traffic' || name === 'assistant') await page.waitForSelector('[data-chart][data-drawn] canvas');
      if (name === 'editor') await page.waitForSelector('.cm-content');
      const file = path.join(shots, `sheet-${name}.png`);
      await page.screenshot({ path: file });
      // The analytics guide's pictures (docs/images/dashboard/ holds these, copied from a run).
      if (name !== 'editor') await page.screenshot({ path: path.join(shots, 'guide', `${name}.jpg`), type: 'jpeg', quality: 80 });
      await sheet(browser, name, file, ref(reference));
    }
    // The two menus of the page head, open.
    await page.goto(`${at}/analytics`);
    await page.locator('.range-picker summary').click();
    await page.waitForSelector('[data-calendar][data-ready] calendar-range');
    await page.locator('.range-picker .pop-panel').screenshot({ path: path.join(shots, 'range-picker.png') });
    await sheet(browser, 'range-picker', path.join(shots, 'range-picker.png'), ref('analytics/range-selector-light.png'));
    await page.keyboard.press('Escape');
    await page.locator('.export-menu summary').click();
    await page.locator('.export-menu .pop-panel').screenshot({ path: path.join(shots, 'export-menu.png') });
    await sheet(browser, 'export-menu', path.join(shots, 'export-menu.png'), ref('analytics/export-to-csv-light.png'));
    expect(fs.readdirSync(sheets).filter((f) => f.endsWith('.png')).sort()).toEqual(['assistant.png', 'editor.png', 'export-menu.png', 'feedback.png', 'range-picker.png', 'searches.png', 'traffic.png']);
  }, 180_000);

  it('the range picker changes every figure: a preset, then a span picked on the calendar', async () => {
    await page.goto(`${at}/analytics`);
    await page.waitForSelector('[data-chart][data-drawn]');
    const month = await trafficFigures(page);
    expect(month.days).toBe(30);
    expect(month.label).toBe('Last 30 days');
    await page.locator('.range-picker summary').click();
    await Promise.all([page.waitForURL(/range=7d/), page.locator('.presets a', { hasText: 'Last 7 days' }).click()]);
    await page.waitForSelector('[data-chart][data-drawn]');
    const week = await trafficFigures(page);
    expect(week.days).toBe(7);
    expect(week.label).toBe('Last 7 days');
    // Fewer days, other figures: each of the five key figures reads differently.
    week.kpis.forEach((k, i) => expect(k).not.toBe(month.kpis[i]));

    // A custom span: two days of the previous month on the calendar.
    await page.locator('.range-picker summary').click();
    const calendar = page.locator('[data-calendar][data-ready] calendar-range');
    await calendar.waitFor();
    await calendar.locator('button[part~="previous"]').click();
    const day = (n: number) => page.locator('calendar-month').locator(`button[part~="day"]:not([part~="outside"])`, { hasText: new RegExp(`^${n}$`) });
    await day(10).click();
    await Promise.all([page.waitForURL(/from=\d{4}-\d{2}-10&to=\d{4}-\d{2}-13/), day(12).click()]);
    const span = await trafficFigures(page);
    expect(span.label).toMatch(/^[A-Z][a-z]{2} 10 – 12/);
    expect(await page.locator('.chart-data tbody tr').count()).toBe(3);
  }, 90_000);

  it('the CSV menu downloads what the list shows', async () => {
    await page.goto(`${at}/analytics?range=30d`);
    const shown = (await page.locator('.ranks li').evaluateAll((items) => items.map((li) => [li.querySelector('.label')?.textContent ?? '', (li.querySelector('.count > span:last-child')?.textContent ?? '').replace(/,/g, '')]))).slice(0, 10);
    expect(shown.length).toBe(10);
    await page.locator('.export-menu summary').click();
    await page.locator('#export-kind').selectOption('views');
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.export-menu button[type=submit]').click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${dashboard.project.id}-views-\\d{4}-\\d{2}-\\d{2}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const csv = fs.readFileSync((await download.path())!, 'utf8').trimEnd().split('\r\n');
    expect(csv[0]).toBe('path,human,agent,total');
    expect(csv.slice(1, 11).map((line) => [line.split(',')[0], line.split(',')[3]])).toEqual(shown);
  });

  it('feedback: the tabs, and a status changed from the list', async () => {
    await page.goto(`${at}/analytics/feedback`);
    expect(await page.locator('.ratings').count()).toBe(2);
    await page.locator('.seg a', { hasText: 'Detailed feedback' }).click();
    await page.waitForURL(/tab=detailed/);
    const first = page.locator('.feedback-list > li').first();
    const comment = await first.locator('blockquote').first().innerText().catch(() => '');
    const id = (await first.locator('form.status-form').getAttribute('action'))!.split('/').at(-1)!;
    await first.locator('select[name=status]').selectOption('resolved');
    await Promise.all([page.waitForURL(/tab=detailed/), first.locator('button[type=submit]').click()]);
    const same = page.locator('.feedback-list > li').filter({ has: page.locator(`form[action$="/${id}"]`) });
    await expect.poll(() => same.locator('.badge').innerText()).toBe('Resolved');
    expect((await dashboard.stack.db.query<{ status: string }>('SELECT status FROM analytics_feedback WHERE id = $1', [decodeURIComponent(id)]))[0]!.status).toBe('resolved');
    // The Resolved filter lists it; Open does not.
    await page.locator('.filters a', { hasText: 'Resolved' }).click();
    await page.waitForURL(/status=resolved/);
    expect(await page.locator(`form[action$="/${id}"]`).count()).toBe(1);
    if (comment) expect(await page.locator('.feedback-list blockquote', { hasText: comment }).count()).toBeGreaterThan(0);
    await page.locator('.seg a', { hasText: 'Code snippets' }).click();
    await page.waitForURL(/tab=code/);
    expect(await page.locator('.feedback-list pre.snippet').count()).toBeGreaterThan(0);
  });

  it('a topic of readers’ questions goes to the agent as a job carrying them', async () => {
    await page.goto(`${at}/analytics/assistant?tab=negative`);
    const topic = page.locator('details.topic').first();
    await topic.locator('summary').click();
    const questions = await topic.locator('.topic-body ul').first().locator('li').allInnerTexts();
    expect(questions.length).toBeGreaterThan(0);
    await Promise.all([page.waitForURL(/\/jobs\/[^/?]+\?notice=job-started/), topic.locator('button', { hasText: 'Ask the agent to fix this' }).click()]);
    const jobId = /\/jobs\/([^/?]+)/.exec(page.url())![1]!;
    const [message] = await dashboard.stack.db.query<{ prompt: string }>('SELECT prompt FROM agent_job_messages WHERE job_id = $1 ORDER BY id LIMIT 1', [jobId]);
    const asked = questions[0]!.split('\n')[0]!.replace(/ ×\d+.*$/, '').replace(/ (\(search\)|unanswered|thumbs (up|down))$/, '').trim();
    expect(message!.prompt).toContain(asked.slice(0, 20));
  });

  it('on a phone the sidebar is a drawer: it opens, closes on Escape and on the scrim; the theme switch sticks', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'light' });
    const p = await phone.newPage();
    await signIn(p, dashboard.url);
    await openScreen(p, dashboard.url, { name: 'traffic', path: `/dashboard/projects/${dashboard.project.id}/analytics` });
    const sidebar = p.locator('#sidebar');
    const button = p.locator('[data-drawer-open]');
    expect(await sidebar.isVisible()).toBe(false);
    await button.click();
    await expect.poll(() => sidebar.evaluate((el) => el.getBoundingClientRect().left)).toBe(0);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await p.screenshot({ path: path.join(shots, 'drawer-open-phone.png') });
    await p.keyboard.press('Escape');
    await expect.poll(() => sidebar.isVisible()).toBe(false);
    expect(await p.evaluate(() => document.activeElement?.hasAttribute('data-drawer-open'))).toBe(true);
    await button.click();
    await expect.poll(() => sidebar.evaluate((el) => el.getBoundingClientRect().left)).toBe(0);
    await p.mouse.click(370, 600);
    await expect.poll(() => sidebar.isVisible()).toBe(false);
    // Dark, kept by the server on the next page.
    await button.click();
    await p.locator('[data-theme-choice=dark]').click();
    expect(await p.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await p.goto(`${dashboard.url}/dashboard/projects/${dashboard.project.id}`);
    expect(await p.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await p.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(12, 10, 9)');
    await p.locator('[data-drawer-open]').click();
    await p.locator('[data-theme-choice=system]').click();
    expect(await p.evaluate(() => document.documentElement.hasAttribute('data-theme'))).toBe(false);
    await phone.close();
  });

  it('Lighthouse accessibility is at least 95 on the traffic and editor screens', async () => {
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    for (const url of [`${at}/analytics`, `${at}/editor`]) {
      const scores = await lighthouseScores(url, { headers: { Cookie: cookie } });
      console.log(`lighthouse ${url}: accessibility ${scores.accessibility}, performance ${scores.performance}`);
      expect(scores.accessibility, `${url}: ${scores.failing.join(', ')}`).toBeGreaterThanOrEqual(95);
    }
  }, 240_000);
});
