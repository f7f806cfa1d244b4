/**
 * The dashboard's line charts (views over time, assistant usage), drawn by uPlot into the frame the
 * server rendered (`[data-chart]` holds the URL of this island, `data-values` the figures as JSON).
 * Points are shown for short ranges, a tooltip gives each day's figures, the chart follows the width
 * of its card and the light/dark switch. The server's table under the chart carries the same figures
 * for screen readers and without this script.
 */
import uPlot from 'uplot';

interface ChartSpec {
  /** UTC days, `YYYY-MM-DD`, every day of the range in order. */
  days: string[];
  series: { name: string; tone: string; values: number[] }[];
}

const DAY = 86_400;
const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
const full = new Intl.NumberFormat('en');
const dayLabel = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A custom property's colour as the canvas needs it (`light-dark()` resolved by the browser). */
function colour(el: Element, variable: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${variable})`;
  probe.style.display = 'none';
  el.appendChild(probe);
  const value = getComputedStyle(probe).color;
  probe.remove();
  return value;
}

/** A round upper bound for the y axis (at least 4, so a day of 1 view is not drawn at the top). */
function niceMax(max: number): number {
  if (max <= 4) return 4;
  const step = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 1.5, 2, 2.5, 3, 4, 5, 6, 7.5, 8, 10]) if (m * step >= max) return m * step;
  return 10 * step;
}

function draw(el: HTMLElement, spec: ChartSpec): uPlot {
  const frame = el.querySelector<HTMLElement>('.chart-frame') ?? el;
  const xs = spec.days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
  const muted = colour(el, '--muted');
  const grid = colour(el, '--border');
  const panel = colour(el, '--panel');
  const font = `12px ${getComputedStyle(document.body).fontFamily}`;
  const showPoints = spec.days.length <= 45;
  const tip = document.createElement('div');
  tip.className = 'chart-tip';
  tip.hidden = true;
  tip.setAttribute('aria-hidden', 'true');
  const tones = spec.series.map((s) => colour(el, `--${s.tone}`));
  const opts: uPlot.Options = {
    width: Math.max(200, frame.clientWidth),
    height: Math.max(160, frame.clientHeight),
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { size: 8 } },
    scales: {
      // A one-day range: half a day either side of its point (uPlot would widen one timestamp in
      // seconds by 86,400,000 of them, years).
      x: { time: true, range: (_u, min, max) => (xs.length === 1 ? [xs[0]! - DAY / 2, xs[0]! + DAY / 2] : [min, max]) },
      y: { range: (_u, _min, max) => [0, niceMax(max)] },
    },
    axes: [
      {
        stroke: muted,
        font,
        gap: 10,
        size: 40,
        // Whole days only: the figures are daily, so an hour tick would repeat its day's name.
        incrs: [1, 2, 3, 7, 14, 28, 91, 182, 364].map((d) => d * DAY),
        grid: { show: false },
        ticks: { show: false },
        values: (_u, splits) => splits.map((s) => dayLabel.format(new Date(s * 1000))),
      },
      { stroke: muted, font, size: 48, grid: { stroke: grid, width: 1 }, ticks: { show: false }, values: (_u, splits) => splits.map((s) => compact.format(s)) },
    ],
    series: [
      {},
      ...spec.series.map((s, i) => ({
        label: s.name,
        stroke: tones[i],
        width: 1.75,
        points: { show: showPoints || xs.length === 1, size: 5, fill: panel, stroke: tones[i] },
      })),
    ],
    hooks: {
      setCursor: [
        (u) => {
          const idx = u.cursor.idx;
          if (idx === null || idx === undefined || u.cursor.left === undefined || u.cursor.left < 0) {
            tip.hidden = true;
            return;
          }
          tip.replaceChildren();
          const title = document.createElement('b');
          title.textContent = longDay.format(new Date(xs[idx]! * 1000));
          tip.appendChild(title);
          spec.series.forEach((s, i) => {
            const row = document.createElement('div');
            row.className = 'row';
            const name = document.createElement('span');
            const swatch = document.createElement('span');
            swatch.className = 'swatch';
            swatch.style.background = tones[i]!;
            name.append(swatch, s.name);
            const value = document.createElement('span');
            value.textContent = full.format(s.values[idx] ?? 0);
            row.append(name, value);
            tip.appendChild(row);
          });
          tip.hidden = false;
          const over = u.over.getBoundingClientRect();
          const box = el.getBoundingClientRect();
          const left = over.left - box.left + u.cursor.left;
          const top = over.top - box.top + (u.cursor.top ?? 0);
          const width = tip.offsetWidth;
          tip.style.left = `${Math.min(Math.max(0, left + 12 + width > box.width ? left - width - 12 : left + 12), Math.max(0, box.width - width))}px`;
          tip.style.top = `${Math.max(0, top - tip.offsetHeight - 12)}px`;
        },
      ],
    },
  };
  const data = [xs, ...spec.series.map((s) => s.values)] as uPlot.AlignedData;
  frame.replaceChildren();
  const plot = new uPlot(opts, data, frame);
  plot.root.setAttribute('aria-hidden', 'true');
  el.appendChild(tip);
  return plot;
}

function mount(el: HTMLElement): void {
  let spec: ChartSpec;
  try {
    spec = JSON.parse(el.dataset.values ?? '') as ChartSpec;
  } catch {
    return;
  }
  if (!spec.days.length) return;
  let plot = draw(el, spec);
  const redraw = () => {
    plot.destroy();
    el.querySelector('.chart-tip')?.remove();
    plot = draw(el, spec);
  };
  const frame = el.querySelector<HTMLElement>('.chart-frame') ?? el;
  new ResizeObserver(() => {
    const width = Math.max(200, frame.clientWidth);
    if (Math.abs(width - plot.width) > 1) plot.setSize({ width, height: Math.max(160, frame.clientHeight) });
  }).observe(frame);
  document.addEventListener('folio:theme', redraw);
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', redraw);
  el.dataset.drawn = 'true';
}

document.querySelectorAll<HTMLElement>('[data-chart]').forEach(mount);
