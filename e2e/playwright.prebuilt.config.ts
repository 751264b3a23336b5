import base from './playwright.config.ts';

// Local only (not committed): the apps are already built, so the server alone starts.
export default {
  ...base,
  webServer: { ...base.webServer, command: 'node --import tsx ../apps/server/src/main.ts', timeout: 300_000 },
};
