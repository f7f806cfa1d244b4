import type { ChromeView, LinkView, SwitcherView } from '../types.js';
import { NavIcon, UiIcon, linkProps } from './icon.js';
import { AssistantTrigger, SearchTrigger } from './search-trigger.js';
import { Switcher } from './switcher.js';
import { uiStrings } from '../ui-strings.js';

/** Top bar: logo and name, search, navbar links, primary button, selectors, dark-mode toggle. */
export function Header({ chrome, switchers }: { chrome: ChromeView; switchers: SwitcherView[] }) {
  const ui = uiStrings(chrome.lang);
  return (
    <header className="site-header">
      <div className="header-inner">
        {/* The start and the end take equal shares of the room the search leaves, so the search sits at the header's centre, as the platform draws it. */}
        <div className="header-start">
        {/* A link to the drawer, so it opens without JavaScript too (`.sidebar:target`); the script turns it into a toggle. */}
        <a href="#sidebar" role="button" className="icon-button sidebar-toggle" data-sidebar-toggle aria-controls="sidebar" aria-label={ui.openNav} aria-expanded="false">
          <UiIcon name="menu" />
        </a>
        <a className="brand" href={chrome.home}>
          {chrome.logo ? (
            <>
              <img className="logo logo-light" src={chrome.logo.light} alt={chrome.siteName} />
              <img className="logo logo-dark" src={chrome.logo.dark} alt={chrome.siteName} />
            </>
          ) : (
            <span className="brand-name">{chrome.siteName}</span>
          )}
        </a>
        <div className="header-switchers">
          {switchers.map((s) => (
            <Switcher key={s.kind} switcher={s} />
          ))}
        </div>
        </div>
        <div className="search" role="search">
          <SearchTrigger lang={chrome.lang} prompt={chrome.searchPrompt} />
          <AssistantTrigger lang={chrome.lang} />
        </div>
        <div className="header-end">
        <nav className="navbar-links" aria-label="Site">
          {chrome.navLinks.map((link) => (
            <a key={link.href + link.label} className="navbar-link" {...linkProps(link.href, link.external)} aria-label={link.iconOnly ? link.label : undefined} title={link.iconOnly ? link.label : undefined}>
              <NavIcon name={link.icon} />
              {link.iconOnly ? null : link.label}
            </a>
          ))}
          {chrome.primary ? (
            <a className="button-primary" {...linkProps(chrome.primary.href, chrome.primary.external)}>
              <NavIcon name={chrome.primary.icon} />
              {chrome.primary.label}
              <UiIcon name="chevron-right" />
            </a>
          ) : null}
        </nav>
        {chrome.themeToggle === false ? null : (
          <button type="button" className="icon-button theme-toggle" data-theme-toggle aria-label={ui.toggleTheme}>
            <UiIcon name="sun" />
            <UiIcon name="moon" />
          </button>
        )}
        </div>
      </div>
    </header>
  );
}

/** Horizontal tab bar; one URL section per tab. */
export function TabBar({ tabs }: { tabs: LinkView[] }) {
  if (tabs.length === 0) return null;
  return (
    <nav className="tab-bar" aria-label="Sections">
      <div className="tab-bar-inner">
        {tabs.map((tab) => (
          <a
            key={tab.href + tab.label}
            className="tab"
            {...linkProps(tab.href, tab.external)}
            aria-current={tab.active ? 'page' : undefined}
            data-tab-href={tab.href}
          >
            <NavIcon name={tab.icon} />
            {tab.label}
          </a>
        ))}
      </div>
    </nav>
  );
}
