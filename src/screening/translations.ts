// Generic business words in other languages and scripts, keyed by an English concept, so
// that a company name written in its own script and the same name translated into English
// can pair their generic words ("תעשיות מתכת" / "Metal Industries"). Only generic words:
// proper names are never translated, they are transliterated. Written from general
// knowledge of these languages; switched off with the `translations: false` option.

import { romanizeWord, scriptOf } from './translit.ts';

const CONCEPTS: Record<string, string[]> = {
  trading: ['trading', 'trade', 'traders', 'סחר', 'מסחר', 'تجارة', 'التجارية', 'ကုန်သွယ်ရေး', 'торговля', 'торговый', 'ticaret', 'handel', 'negoce', 'comercio'],
  marketing: ['marketing', 'שיווק', 'تسويق'],
  industries: ['industries', 'industry', 'industrial', 'תעשיות', 'תעשייה', 'صناعات', 'الصناعية', 'စက်မှုလုပ်ငန်း', 'промышленный', 'sanayi', 'industrie'],
  metal: ['metal', 'metals', 'מתכת', 'معادن', 'металл', 'metali', 'metagh'],
  shipping: ['shipping', 'ספנות', 'شحن', 'ရေကြောင်းပို့ဆောင်ရေး', 'судоходство', 'denizcilik'],
  transport: ['transport', 'transportation', 'hauling', 'הובלה', 'הובלות', 'הסעות', 'نقل', 'ပို့ဆောင်ရေး', 'транспорт', 'перевозки'],
  logistics: ['logistics', 'לוגיסטיקה', 'لوجستية', 'логистика'],
  construction: ['construction', 'בנייה', 'בניה', 'بناء', 'مقاولات', 'ဆောက်လုပ်ရေး', 'строительство', 'строй', 'insaat'],
  building: ['building', 'בניין', 'בנין'],
  materials: ['materials', 'חומרי', 'חומרים', 'مواد'],
  products: ['products', 'מוצרי', 'מוצרים', 'منتجات', 'продукты'],
  paper: ['paper', 'נייר', 'ورق', 'бумага'],
  food: ['food', 'foods', 'foodstuff', 'מזון', 'أغذية', 'غذائية', 'စားသောက်ကုန်', 'продукты питания'],
  electric: ['electric', 'electrical', 'electricity', 'חשמל', 'كهرباء', 'လျှပ်စစ်ပစ္စည်း', 'электро'],
  systems: ['systems', 'מערכות', 'أنظمة'],
  marine: ['marine', 'maritime', 'ימית', 'ימי', 'بحرية', 'ရေကြောင်း', 'морской'],
  services: ['services', 'service', 'שירותי', 'שירותים', 'خدمات', 'ဝန်ဆောင်မှု', 'услуги'],
  holdings: ['holdings', 'holding', 'החזקות', 'القابضة', 'холдинг'],
  group: ['group', 'קבוצת', 'مجموعة', 'ကုမ္ပဏီများအုပ်စု', 'группа'],
  agriculture: ['agriculture', 'agricultural', 'חקלאות', 'زراعة', 'စိုက်ပျိုးရေး', 'сельхоз'],
  fishery: ['fishery', 'fisheries', 'דיג', 'صيد', 'ငါးလုပ်ငန်း'],
  timber: ['timber', 'wood', 'עץ', 'خشب', 'သစ်လုပ်ငန်း', 'лес'],
  cement: ['cement', 'מלט', 'اسمنت', 'ဘိလပ်မြေ', 'цемент'],
  petroleum: ['petroleum', 'oil', 'נפט', 'نفط', 'بترول', 'ရေနံ', 'нефть'],
  machinery: ['machinery', 'machines', 'מכונות', 'آلات', 'စက်ပစ္စည်း'],
  pharmaceutical: ['pharmaceutical', 'pharmaceuticals', 'תרופות', 'أدوية', 'ဆေးဝါး'],
  garment: ['garment', 'garments', 'clothing', 'הלבשה', 'ملابس', 'အထည်ချုပ်'],
  printing: ['printing', 'printing house', 'דפוס', 'طباعة', 'ပုံနှိပ်တိုက်'],
  water: ['drinking water', 'purified drinking water', 'water', 'מים', 'مياه', 'သောက်ရေသန့်'],
  steel: ['steel', 'פלדה', 'فولاذ', 'حديد', 'သံမဏိ'],
  equipment: ['equipment', 'ציוד', 'معدات', 'оборудование'],
  medical: ['medical', 'רפואי', 'רפואה', 'طبية', 'медицинский'],
  works: ['works', 'עבודות', 'أعمال'],
  plastics: ['plastics', 'plastic', 'פלסטיק', 'بلاستيك', 'ပလတ်စတစ်'],
  tea: ['tea', 'လက်ဖက်ခြောက်', 'שתה', 'شاي'],
  rubber: ['rubber', 'ရော်ဘာ', 'גומי', 'مطاط'],
  rice: ['rice and paddy', 'rice', 'ဆန်စပါး', 'אורז', 'أرز'],
  coffee: ['coffee', 'ကော်ဖီ', 'קפה', 'قهوة'],
  textiles: ['textiles', 'textile', 'טקסטיל', 'منسوجات', 'текстиль'],
  chemicals: ['chemicals', 'chemical', 'כימיקלים', 'كيماويات', 'химия'],
  mining: ['mining', 'כרייה', 'تعدين', 'горнодобывающая'],
  bank: ['bank', 'בנק', 'بنك', 'مصرف', 'банк'],
  insurance: ['insurance', 'ביטוח', 'تأمين', 'страхование'],
  investment: ['investment', 'investments', 'השקעות', 'استثمار', 'инвестиции'],
  energy: ['energy', 'אנרגיה', 'طاقة', 'энергия'],
  electronics: ['electronics', 'אלקטרוניקה', 'إلكترونيات', 'электроника'],
  furniture: ['furniture', 'רהיטים', 'أثاث', 'мебель'],
  hotel: ['hotel', 'ဟိုတယ်', 'מלון', 'فندق'],
  gas: ['gas', 'ဓာတ်ငွေ့', 'גז', 'غاز'],
  agencies: ['agencies', 'סוכנויות', 'وكالات'],
  properties: ['properties', 'assets', 'נכסים', 'عقارات'],
  brothers: ['brothers', 'האחים', 'אחים', 'إخوان', 'اخوان'],
  sons: ['sons', 'ובניו', 'בניו', 'وأولاده', 'وابناؤه'],
};

/** Romanised token (or token run joined with a space) → concept. */
export const CONCEPT_OF = new Map<string, string>();

function romanizePhrase(phrase: string): string {
  const out: string[] = [];
  for (const word of phrase.split(/\s+/)) {
    const script = scriptOf(word.codePointAt(0)!);
    for (const t of romanizeWord(word, script)) out.push(t.text);
  }
  return out.join(' ');
}

for (const [concept, words] of Object.entries(CONCEPTS)) {
  for (const w of words) {
    const key = romanizePhrase(w.toLowerCase());
    if (key && !CONCEPT_OF.has(key)) CONCEPT_OF.set(key, concept);
  }
}

/** Concept of a romanised token, if it is a generic word of the lexicon. */
export function conceptOf(text: string): string | undefined {
  return CONCEPT_OF.get(text);
}
