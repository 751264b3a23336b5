import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import it from './it.json' with { type: 'json' };
import ja from './ja.json' with { type: 'json' };
import zhCN from './zh-CN.json' with { type: 'json' };

/** Notification settings, mail and the unsubscribe page (docs/api.md, Notifications). */
export const notifications = { en, de, es, fr, it, ja, 'zh-CN': zhCN };
