/**
 * The range picker's calendar (cally's `<calendar-range>`), loaded when the range popover first
 * opens. It replaces the two date fields of the custom-range form (which work without it): picking
 * a first and a last day fills them and submits the form. The form's `to` is exclusive, the
 * calendar's last day inclusive.
 */
import 'cally';

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function mount(island: HTMLElement): void {
  const form = island.querySelector('form');
  const from = form?.querySelector<HTMLInputElement>('input[name=from]');
  const to = form?.querySelector<HTMLInputElement>('input[name=to]');
  if (!form || !from || !to || island.querySelector('calendar-range')) return;
  const calendar = document.createElement('calendar-range') as HTMLElement & { value: string; focusedDate?: string };
  calendar.setAttribute('months', '1');
  calendar.setAttribute('locale', 'en-GB');
  calendar.setAttribute('max', iso(Date.now()));
  const last = iso(Date.parse(to.value) - DAY_MS);
  if (from.value && to.value) {
    calendar.setAttribute('value', `${from.value}/${last}`);
    calendar.setAttribute('focused-date', last);
  }
  const month = document.createElement('calendar-month');
  calendar.appendChild(month);
  calendar.addEventListener('change', () => {
    const [start, end] = calendar.value.split('/');
    if (!start || !end) return;
    from.value = start;
    to.value = iso(Date.parse(end) + DAY_MS);
    form.requestSubmit();
  });
  island.insertBefore(calendar, form);
  form.querySelector('.dates')?.setAttribute('hidden', '');
  form.querySelector('button[type=submit]')?.setAttribute('hidden', '');
  island.dataset.ready = 'true';
}

document.querySelectorAll<HTMLElement>('[data-calendar]').forEach(mount);
