/**
 * The traffic chart of the analytics page: views per day, humans and agents, as server-rendered
 * SVG (no script), with a table of the same figures as its text alternative. Colours come from the
 * dashboard's custom properties, so the chart follows light and dark.
 */
export interface TrafficDay {
  day: string;
  human: number;
  ai: number;
}

const W = 720;
const H = 200;
const PAD = { left: 40, right: 12, top: 12, bottom: 24 };

/** A linear map from `[d0, d1]` to `[r0, r1]`. */
const linear = (d0: number, d1: number, r0: number, r1: number) => (v: number) => (d1 === d0 ? r0 : r0 + ((v - d0) / (d1 - d0)) * (r1 - r0));

function line(days: TrafficDay[], value: (d: TrafficDay) => number, x: (i: number) => number, y: (v: number) => number): string {
  return days.map((d, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(value(d)).toFixed(1)}`).join('');
}

export function TrafficChart({ days }: { days: TrafficDay[] }) {
  const max = Math.max(1, ...days.map((d) => Math.max(d.human, d.ai)));
  const x = linear(0, Math.max(1, days.length - 1), PAD.left, W - PAD.right);
  const y = linear(0, max, H - PAD.bottom, PAD.top);
  const total = (key: 'human' | 'ai') => days.reduce((sum, d) => sum + d[key], 0);
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="traffic-title traffic-desc">
        <title id="traffic-title">Views per day</title>
        <desc id="traffic-desc">{`${total('human')} human views and ${total('ai')} agent views from ${days[0]?.day ?? '-'} to ${days.at(-1)?.day ?? '-'}; the table below lists each day.`}</desc>
        <line x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} className="chart-axis" />
        <line x1={PAD.left} x2={W - PAD.right} y1={y(max)} y2={y(max)} className="chart-grid" />
        <text x={PAD.left - 6} y={y(max) + 4} textAnchor="end" className="chart-label">
          {max}
        </text>
        <text x={PAD.left - 6} y={y(0) + 4} textAnchor="end" className="chart-label">
          0
        </text>
        {days.length ? (
          <>
            <text x={PAD.left} y={H - 6} className="chart-label">
              {days[0]!.day}
            </text>
            <text x={W - PAD.right} y={H - 6} textAnchor="end" className="chart-label">
              {days.at(-1)!.day}
            </text>
            <path d={line(days, (d) => d.human, x, y)} className="chart-human" />
            <path d={line(days, (d) => d.ai, x, y)} className="chart-agent" />
          </>
        ) : null}
      </svg>
      <figcaption>
        <span className="key key-human" /> Humans <span className="key key-agent" /> Agents
      </figcaption>
      <details>
        <summary>Views per day as a table</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Humans</th>
              <th scope="col">Agents</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <td>{d.day}</td>
                <td>{d.human}</td>
                <td>{d.ai}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
