/**
 * Pages with the feedback widget (sites served by `folio serve` or `folio dev`) load the analytics
 * beacon from the server once the page has loaded: `<base>/__folio/beacon.js`, beside `assets/`.
 */
export function loadBeacon(self: HTMLScriptElement | null): void {
  if (!self || !document.querySelector('[data-folio-feedback]')) return;
  const add = () => {
    const script = document.createElement('script');
    script.src = new URL('../__folio/beacon.js', self.src).href;
    script.async = true;
    document.head.append(script);
  };
  if (document.readyState === 'complete') add();
  else addEventListener('load', add, { once: true });
}
