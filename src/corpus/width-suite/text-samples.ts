/**
 * Real text in scripts whose words carry combining marks, written here as
 * words (greetings, place names, everyday words), one item per word: each is
 * judged per code point by the width specification (bases 1, Mn 0, Mc 1).
 */
export const TEXT_SAMPLES: Record<string, string[]> = {
  Devanagari: ['नमस्ते', 'हिन्दी', 'भारत', 'विद्यालय', 'संस्कृत', 'प्रकाश', 'कृपया', 'धन्यवाद', 'दुनिया', 'मित्र', 'क्षमा', 'ज्ञान'],
  Thai: ['สวัสดี', 'ภาษาไทย', 'ขอบคุณ', 'กรุงเทพ', 'น้ำ', 'ที่นี่', 'ผู้หญิง', 'เด็ก', 'ไม้', 'สี่', 'ปี่', 'รักษ์'],
  Hebrew: ['שָׁלוֹם', 'בְּרֵאשִׁית', 'תּוֹרָה', 'אֱלֹהִים', 'יִשְׂרָאֵל', 'מַיִם', 'שָׁמַיִם', 'אֶרֶץ', 'לֶחֶם', 'סֵפֶר'],
  Arabic: ['مَرْحَبًا', 'السَّلَامُ', 'عَلَيْكُمْ', 'كِتَابٌ', 'شُكْرًا', 'مُحَمَّدٌ', 'الْعَرَبِيَّةُ', 'بَيْتٌ', 'قَلَمٌ', 'مَدْرَسَةٌ'],
  Tibetan: ['བཀྲ་ཤིས་', 'བདེ་ལེགས།', 'བོད་ཡིག', 'སྐད་', 'རྒྱ་གར་', 'ལྷ་ས་', 'ཐུགས་རྗེ་ཆེ།', 'སྒྲ་'],
  Bengali: ['বাংলা', 'ধন্যবাদ', 'নমস্কার', 'ভাষা'],
  Tamil: ['தமிழ்', 'வணக்கம்', 'நன்றி', 'கொழும்பு'],
  Vietnamese: ['Tiếng Việt', 'Việt Nam', 'cảm ơn', 'người'],
};
