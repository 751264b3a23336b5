import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import it from './it.json' with { type: 'json' };
import ja from './ja.json' with { type: 'json' };
import zhCN from './zh-CN.json' with { type: 'json' };

/**
 * The installable app: the update prompt and the offline page (docs/web.md). The web app loads
 * these when the prompt first shows, not with the other catalogs at start.
 */
export const installable = { en, de, es, fr, it, ja, 'zh-CN': zhCN };
