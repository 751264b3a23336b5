import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { demoSession, routes } from './routes.ts';

/**
 * Accessibility (issue 24, item 10): axe-core over every member route at 390x844, signed out
 * (the public pages; the others send a guest to log in) and signed in as the demo member, whose
 * seeded positions, loans and IPOs fill the pages, in light and dark. No serious or critical
 * violation of WCAG 2.1 A/AA. One page per run, the routes one after another by their hash.
 */
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const routesPerPart = 12;

async function violations(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(`/#${path}`);
    // A signed-in member opening login or register lands on the profile: whichever page shows, its title first
    await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
    // Data arrives after the title: let the page's first requests settle (the live quotes never stop).
    await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
    const result = await new AxeBuilder({ page }).withTags(tags).analyze();
    for (const violation of result.violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(' '));
      found.push(`${path}: ${violation.id} (${violation.impact}) ${violation.help} — ${targets.join(' | ')}`);
    }
  }
  return found;
}

for (const scheme of ['light', 'dark'] as const) {
  test(`every public route has no serious or critical violation, signed out, ${scheme}`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.emulateMedia({ colorScheme: scheme });
    const paths = routes.filter((route) => !route.needLogin).map((route) => route.path);
    expect(await violations(page, paths)).toEqual([]);
  });

  // In parts of a dozen routes: each part fits its timeout on a loaded two-core run, and the parts
  // spread over the workers.
  const signedIn = routes.map((route) => route.path);
  for (let start = 0; start < signedIn.length; start += routesPerPart) {
    const part = signedIn.slice(start, start + routesPerPart);
    test(`routes ${start + 1}-${start + part.length} have no serious or critical violation, signed in with data, ${scheme}`, async ({
      page,
      request,
    }) => {
      test.setTimeout(150_000);
      await page.emulateMedia({ colorScheme: scheme });
      const session = await demoSession(request);
      await page.addInitScript((stored) => localStorage.setItem('soar-session', stored), session);
      expect(await violations(page, part)).toEqual([]);
    });
  }
}
