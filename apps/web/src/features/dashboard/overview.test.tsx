import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import i18n, { loadAllNamespaces } from '../../locales';
import { useDictStore } from '../../stores/dict';
import { useSessionStore } from '../../stores/session';
import { renderWithProviders } from '../../test-utils';
import { Overview } from './overview';

describe('Overview without a currency', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
    await loadAllNamespaces();
  });
  afterEach(cleanup);

  it('says a new platform has no currency yet and leads to Currency management whoever may add one', () => {
    useDictStore.setState({ currencies: [] });
    useSessionStore.setState({ permissions: ['1', '13', '1303'] });
    renderWithProviders(<Overview source="currency" />);
    expect(screen.getByText(/No currency yet/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a currency' })).toBeTruthy();
  });

  it('offers no button to whoever may not add a currency', () => {
    useDictStore.setState({ currencies: [] });
    useSessionStore.setState({ permissions: ['1', '14', '1402'] });
    renderWithProviders(<Overview source="agent" />);
    expect(screen.getByText(/No currency yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a currency' })).toBeNull();
  });
});
