// The admin screens' one message catalog: English everywhere but the SEO Sitemap tab, which the
// specification wants in Turkish. To change a language, change the import here; nothing else.
import { en } from './en.ts';
import type { SitemapMessages } from './sitemap-types.ts';
import { tr } from './tr.ts';

export const messages = { ...en, sitemap: tr as SitemapMessages };

export type AdminMessages = typeof messages;
