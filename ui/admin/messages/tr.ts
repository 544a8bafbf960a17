// The SEO Sitemap tab in Turkish, as the specification asks.
import type { SitemapMessages } from './sitemap-types.ts';

export const tr: SitemapMessages = {
  lang: 'tr',
  heading: 'SEO Site Haritası',
  intro: 'Arama motorları sitedeki sayfaları site haritası dosyalarından öğrenir.',
  statsHeading: 'Site haritası istatistikleri',
  totalBusinesses: 'Toplam işletme',
  totalSitemaps: 'Toplam site haritası dosyası',
  totalSitemapsHint: 'İşletme dosyaları ile ana sayfalar, kategoriler ve şehirler için 3 sabit dosya.',
  businessesPerSitemap: 'Dosya başına işletme',
  filesHeading: 'Site haritası dosyaları',
  index: 'Site haritası dizini (sitemap.xml)',
  indexHint:
    'Arama motorlarına yalnızca bu adresi bildirmeniz yeterlidir; diğer dosyalar bu dizinde listelenir.',
  mainPages: 'Ana sayfalar',
  categories: 'Kategoriler',
  cities: 'Şehirler',
  businessFile: (n) => `İşletmeler, dosya ${n}`,
  noBusinessFiles: 'Henüz işletme yok, bu yüzden işletme dosyası da yok.',
  searchConsoleHeading: 'Google Search Console',
  searchConsoleSteps: [
    'Google Search Console’da sitenizin mülkünü açın.',
    'Sol menüden “Dizin oluşturma” altındaki “Site haritaları” bölümüne gidin.',
    'Site haritası dizininin adresini (sitemap.xml) girip “Gönder” düğmesine basın.',
    'Google dosyaları düzenli olarak yeniden okur; veriler değiştiğinde yeniden göndermeniz gerekmez.',
  ],
  searchConsoleLink: 'Google Search Console’u aç',
  loadFailed: 'Site haritası istatistikleri yüklenemedi.',
  retry: 'Tekrar dene',
  loading: 'Yükleniyor…',
  formatNumber: (n) => n.toLocaleString('tr-TR'),
};
