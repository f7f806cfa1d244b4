import type { SwitcherView } from '../types.js';
import { NavIcon, linkProps } from './icon.js';

/**
 * A selector drawn as `<details data-menu>`: it opens without JavaScript and each option is a
 * plain link, so switching version or language is an ordinary navigation.
 */
export function Switcher({ switcher }: { switcher: SwitcherView }) {
  const current = switcher.options.find((o) => o.active) ?? switcher.options[0];
  if (!current) return null;
  return (
    <details className={`switcher switcher-${switcher.kind}`} data-menu={switcher.kind}>
      <summary aria-label={`${switcher.label}: ${current.label}`}>
        <NavIcon name={current.icon} />
        <span className="switcher-current">{current.label}</span>
        {current.tag ? <span className="badge">{current.tag}</span> : null}
        <span className="chevron" aria-hidden="true" />
      </summary>
      <ul className="switcher-options" role="list">
        {switcher.options.map((option) => (
          <li key={option.href + option.label}>
            <a {...linkProps(option.href, option.external)} aria-current={option.active ? 'true' : undefined}>
              <NavIcon name={option.icon} />
              <span className="switcher-label">
                {option.label}
                {option.description ? <small>{option.description}</small> : null}
              </span>
              {option.tag ? <span className="badge">{option.tag}</span> : null}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
