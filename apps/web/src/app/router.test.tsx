import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { HashRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { hashAddress, useMissedAddressFollowed } from './router.tsx';

/** Changes the address while the router's first render runs, before HashRouter listens. */
function Probe({ follow }: { follow: boolean }) {
  const changed = useRef(false);
  if (!changed.current) {
    changed.current = true;
    window.location.hash = '#/pages/login/index?from=home';
  }
  return follow ? <Followed /> : <Shown />;
}

function Followed() {
  useMissedAddressFollowed();
  return <Shown />;
}

function Shown() {
  const location = useLocation();
  return <output>{location.pathname + location.search}</output>;
}

async function renderedAddress(follow: boolean) {
  window.location.hash = '#/pages/main/home/index';
  const { container, unmount } = render(
    <HashRouter>
      <Probe follow={follow} />
    </HashRouter>,
  );
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  const shown = container.querySelector('output')?.textContent;
  unmount();
  return shown;
}

describe('the hash router at start-up', () => {
  afterEach(() => {
    window.location.hash = '';
  });

  it('misses an address changed before it listens, unless it catches up', async () => {
    expect(await renderedAddress(false)).toBe('/pages/main/home/index');
    expect(await renderedAddress(true)).toBe('/pages/login/index?from=home');
  });

  it('reads a hash the way HashRouter does', () => {
    expect(hashAddress('#/trade?x=1')).toBe('/trade?x=1');
    expect(hashAddress('')).toBe('/');
    expect(hashAddress('#pages/login/index')).toBe('/pages/login/index');
  });
});
