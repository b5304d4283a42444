import { lazyOverlay } from '../../../components/lazy-overlay';

/** The country list (every country's Chinese name and its search) is fetched when the picker first opens. */
export const LazyCountryPicker = lazyOverlay(async () => ({ default: (await import('./country-picker')).CountryPicker }));
