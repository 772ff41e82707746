import { LANGUAGES, type Language } from '@ambassador/contracts';

/** One starter entry: the ways a visitor says it, and the answer (the avatar speaks the answer). */
type Starter = readonly [questions: readonly string[], answer: string];

const ENGLISH: readonly Starter[] = [
  [
    ['hello', 'hi', 'hi there', 'hey', 'good morning', 'good afternoon', 'good evening'],
    'Hello! How can I help you today?',
  ],
  [
    ['thank you', 'thanks', 'thank you very much', 'many thanks'],
    'You’re welcome! Anything else I can help with?',
  ],
  [
    ['who are you', 'what is your name', 'what are you'],
    'I’m the virtual assistant here. Ask me anything about this place.',
  ],
  [
    ['what can you do', 'how can you help me', 'what can i ask you'],
    'I can answer questions, show you where things are and tell you what’s on. Just ask!',
  ],
  [
    ['how are you', 'how are you doing', 'how is it going'],
    'I’m doing great, thank you for asking! How can I help?',
  ],
  [
    ['tell me a joke', 'say something funny', 'make me laugh'],
    'Why did the computer go to the doctor? It had a virus!',
  ],
  [['another joke', 'tell me another joke', 'one more joke'], 'What do you call a fish without eyes? A fsh!'],
  [['goodbye', 'bye', 'see you', 'see you later'], 'Goodbye! Have a nice day.'],
  [
    ['are you a robot', 'are you human', 'are you a real person'],
    'I’m a virtual assistant, not a person, but I’m happy to help!',
  ],
  [['you are smart', 'you are great', 'well done', 'good job'], 'Thank you, that’s very kind of you!'],
];

/** Written Cantonese, Traditional characters. */
const CANTONESE: readonly Starter[] = [
  [['你好', '你好呀', '哈囉', '早晨', '午安'], '你好呀！有咩可以幫到你？'],
  [['多謝', '唔該', '多謝晒', '唔該晒'], '唔使客氣！仲有咩可以幫到你？'],
  [['你係邊個', '你叫咩名', '你係乜嘢'], '我係呢度嘅虛擬助理，有咩問題都可以問我。'],
  [['你識做咩', '你可以點幫我', '我可以問你咩'], '我可以解答問題、話你知地方喺邊同埋有咩活動，問我啦！'],
  [['你好嗎', '你點呀', '你幾好嗎'], '我好好，多謝你問！有咩可以幫到你？'],
  [['講個笑話', '講笑話', '逗我笑'], '點解電腦要睇醫生？因為佢中咗病毒！'],
  [['再講一個笑話', '多個笑話', '再嚟一個'], '乜嘢魚最聰明？墨魚，因為佢成肚墨水！'],
  [['拜拜', '再見', '遲啲見'], '拜拜！祝你有美好嘅一日。'],
  [['你係咪機械人', '你係唔係真人', '你係機械人嗎'], '我係虛擬助理，唔係真人，不過好樂意幫你！'],
  [['你好叻', '你好犀利', '做得好'], '多謝你，你真係好好人！'],
];

/** Mandarin, Simplified characters. */
const MANDARIN: readonly Starter[] = [
  [['你好', '您好', '嗨', '早上好', '下午好'], '你好！有什么可以帮你？'],
  [['谢谢', '谢谢你', '非常感谢', '多谢'], '不客气！还有什么可以帮你？'],
  [['你是谁', '你叫什么名字', '你是什么'], '我是这里的虚拟助理，有什么问题都可以问我。'],
  [
    ['你会做什么', '你能帮我什么', '我可以问你什么'],
    '我可以回答问题、告诉你地方在哪里和有什么活动，问我吧！',
  ],
  [['你好吗', '你怎么样', '最近好吗'], '我很好，谢谢你的关心！有什么可以帮你？'],
  [['讲个笑话', '说个笑话', '逗我笑'], '电脑为什么去看医生？因为它中了病毒！'],
  [['再讲一个笑话', '再来一个', '还有笑话吗'], '什么鱼最聪明？墨鱼，因为它满肚子墨水！'],
  [['再见', '拜拜', '回头见'], '再见！祝你有美好的一天。'],
  [['你是机器人吗', '你是真人吗', '你是不是机器人'], '我是虚拟助理，不是真人，不过很乐意帮你！'],
  [['你真聪明', '你真棒', '做得好'], '谢谢你，你真好！'],
];

/** Standard written Chinese, Traditional characters. */
const CHINESE: readonly Starter[] = [
  [['你好', '您好', '嗨', '早安', '午安'], '你好！有什麼可以幫你？'],
  [['謝謝', '謝謝你', '非常感謝', '多謝'], '不客氣！還有什麼可以幫你？'],
  [['你是誰', '你叫什麼名字', '你是什麼'], '我是這裡的虛擬助理，有什麼問題都可以問我。'],
  [
    ['你會做什麼', '你能幫我什麼', '我可以問你什麼'],
    '我可以回答問題、告訴你地方在哪裡和有什麼活動，問我吧！',
  ],
  [['你好嗎', '你怎麼樣', '最近好嗎'], '我很好，謝謝你的關心！有什麼可以幫你？'],
  [['講個笑話', '說個笑話', '逗我笑'], '電腦為什麼去看醫生？因為它中了病毒！'],
  [['再講一個笑話', '再來一個', '還有笑話嗎'], '什麼魚最聰明？墨魚，因為它滿肚子墨水！'],
  [['再見', '拜拜', '回頭見'], '再見！祝你有美好的一天。'],
  [['你是機器人嗎', '你是真人嗎', '你是不是機器人'], '我是虛擬助理，不是真人，不過很樂意幫你！'],
  [['你真聰明', '你真棒', '做得好'], '謝謝你，你真好！'],
];

/** A few basics; the rest of these languages answers with the English set. */
const JAPANESE: readonly Starter[] = [
  [['こんにちは', 'おはよう', 'こんばんは'], 'こんにちは！何かお手伝いできることはありますか？'],
  [['ありがとう', 'ありがとうございます'], 'どういたしまして！'],
  [['さようなら', 'バイバイ', 'またね'], 'さようなら！よい一日を。'],
];
const KOREAN: readonly Starter[] = [
  [['안녕하세요', '안녕'], '안녕하세요! 무엇을 도와드릴까요?'],
  [['감사합니다', '고마워요', '고마워'], '천만에요!'],
  [['안녕히 계세요', '잘 가', '또 봐요'], '안녕히 가세요! 좋은 하루 보내세요.'],
];
const PORTUGUESE: readonly Starter[] = [
  [['olá', 'oi', 'bom dia', 'boa tarde', 'boa noite'], 'Olá! Como posso ajudar?'],
  [['obrigado', 'obrigada', 'muito obrigado'], 'De nada!'],
  [['tchau', 'adeus', 'até logo'], 'Tchau! Tenha um bom dia.'],
];
const GERMAN: readonly Starter[] = [
  [['hallo', 'guten tag', 'guten morgen', 'guten abend'], 'Hallo! Wie kann ich helfen?'],
  [['danke', 'vielen dank', 'danke schön'], 'Gern geschehen!'],
  [['tschüss', 'auf wiedersehen', 'bis später'], 'Auf Wiedersehen! Einen schönen Tag noch.'],
];

const SETS: Record<Language, readonly Starter[]> = {
  english: ENGLISH,
  cantonese: CANTONESE,
  mandarin: MANDARIN,
  chinese: CHINESE,
  // Their basics first, then the English set for the rest.
  japanese: [...JAPANESE, ...ENGLISH.slice(1)],
  korean: [...KOREAN, ...ENGLISH.slice(1)],
  portuguese: [...PORTUGUESE, ...ENGLISH.slice(1)],
  german: [...GERMAN, ...ENGLISH.slice(1)],
};

export interface StoredSmallTalkItem {
  id: number;
  questions: string[];
  answer: string;
  speech: string;
}

const BUILT = new Map(
  LANGUAGES.map((language) => [
    language,
    SETS[language].map(([questions, answer], n): StoredSmallTalkItem => ({
      id: n + 1,
      questions: [...questions],
      answer,
      speech: '',
    })),
  ]),
);

/** The built-in starter set of a language, with ids 1…n (a fresh copy: callers may change it). */
export function starterItems(language: Language): StoredSmallTalkItem[] {
  return BUILT.get(language)!.map((item) => ({ ...item, questions: [...item.questions] }));
}
