import type { ResponseContentInput } from '@ambassador/contracts';

/**
 * The demo project's starting point: what a visitor asks at a mall or office lobby, in English,
 * Cantonese (Traditional) and Mandarin (Simplified: derived from the Cantonese text where the
 * wording is the same, written out where it differs). `asks` are visitor questions worded
 * differently from the keywords, so the demo traffic exercises the matcher rather than echoing it.
 */
export interface DemoText {
  english: string;
  cantonese: string;
  /** Omitted when Mandarin reads as the Cantonese text in Simplified characters. */
  mandarin?: string;
}

export interface DemoTopic {
  name: string;
  category: string;
  /** How often visitors ask it, relative to the others. */
  weight: number;
  keywords: { english: string[]; cantonese: string[]; mandarin?: string[] };
  asks: { english: string[]; cantonese: string[]; mandarin?: string[] };
  answer: DemoText;
  /** Extra content after the answer's text. */
  extra?: (lang: 'english' | 'cantonese' | 'mandarin') => ResponseContentInput[];
  related?: boolean;
  motion?: 'nod' | 'shake' | 'tilt' | 'bow' | 'lean_in';
  sub?: Array<Omit<DemoTopic, 'category' | 'sub'>>;
}

const L = (english: string, cantonese: string, mandarin?: string): DemoText => ({
  english,
  cantonese,
  ...(mandarin && { mandarin }),
});

export const DEMO_TOPICS: DemoTopic[] = [
  {
    name: 'Opening hours',
    category: 'General information',
    weight: 10,
    keywords: {
      english: ['opening hours', 'open', 'close', 'closing time'],
      cantonese: ['開放時間', '幾點開', '幾點關門', '營業時間'],
      mandarin: ['开放时间', '几点开门', '几点关门', '营业时间'],
    },
    asks: {
      english: ['What time do you open?', 'When does the building close today?', 'Are you open on Sunday?'],
      cantonese: ['你哋幾點開門？', '今日幾點關門呀？', '星期日有冇開？'],
      mandarin: ['你们几点开门？', '今天几点关门？', '星期天开门吗？'],
    },
    answer: L(
      'We are open every day from 10:00 to 22:00, public holidays included.',
      '我哋每日上午十點至晚上十點開放，公眾假期照常。',
      '我们每天上午十点至晚上十点开放，公众假期照常。',
    ),
    motion: 'nod',
  },
  {
    name: 'Restrooms',
    category: 'Facilities',
    weight: 9,
    keywords: {
      english: ['toilet', 'restroom', 'washroom', 'bathroom'],
      cantonese: ['洗手間', '廁所', '化妝間'],
      mandarin: ['洗手间', '厕所', '卫生间'],
    },
    asks: {
      english: ['Where is the nearest toilet?', 'Is there a washroom on this floor?', 'bathroom please'],
      cantonese: ['請問洗手間喺邊？', '呢層有冇廁所？'],
      mandarin: ['请问洗手间在哪里？', '这层有卫生间吗？'],
    },
    answer: L(
      'Restrooms are on every floor next to the lifts. An accessible restroom and a baby-care room are on level 1.',
      '每層𨋢口旁邊都有洗手間。一樓設有暢通易達洗手間同育嬰室。',
      '每层电梯旁边都有洗手间。一楼设有无障碍洗手间和母婴室。',
    ),
    motion: 'lean_in',
  },
  {
    name: 'Wi-Fi',
    category: 'Facilities',
    weight: 7,
    keywords: {
      english: ['wifi', 'wi-fi', 'internet', 'wireless'],
      cantonese: ['無線網絡', 'wifi', '上網'],
      mandarin: ['无线网络', 'wifi', '上网'],
    },
    asks: {
      english: ['How do I connect to the wifi?', 'Is there free internet here?', 'what is the wifi password'],
      cantonese: ['點樣連wifi？', '呢度有冇免費上網？'],
      mandarin: ['怎么连接wifi？', '这里有免费上网吗？'],
    },
    answer: L(
      'Free Wi-Fi: join the network "Guest" and accept the terms on the page that opens. No password is needed.',
      '免費無線網絡：連接「Guest」網絡，喺彈出嘅頁面接受條款即可，唔使密碼。',
      '免费无线网络：连接“Guest”网络，在弹出的页面接受条款即可，无需密码。',
    ),
  },
  {
    name: 'Parking',
    category: 'Transport',
    weight: 8,
    keywords: {
      english: ['parking', 'car park', 'park my car', 'parking fee'],
      cantonese: ['停車場', '泊車', '停車'],
      mandarin: ['停车场', '停车', '停车费'],
    },
    asks: {
      english: ['Where can I park my car?', 'How much is parking per hour?', 'car park entrance'],
      cantonese: ['喺邊度可以泊車？', '泊車幾錢一個鐘？'],
      mandarin: ['在哪里可以停车？', '停车一小时多少钱？'],
    },
    answer: L(
      'The car park is on basement levels B1 to B3, open 24 hours. HK$25 per hour; two hours free with a HK$500 receipt.',
      '停車場位於地庫B1至B3，24小時開放。每小時港幣25元；消費滿港幣500元可免費泊車兩小時。',
      '停车场位于地库B1至B3，24小时开放。每小时港币25元；消费满港币500元可免费停车两小时。',
    ),
    extra: (lang) => [
      {
        type: 'buttons',
        num_of_column: 2,
        values: [
          {
            text: lang === 'english' ? 'EV charging' : lang === 'cantonese' ? '電動車充電' : '电动车充电',
            payload: lang === 'english' ? 'EV charging' : lang === 'cantonese' ? '電動車充電' : '电动车充电',
          },
          {
            text: lang === 'english' ? 'Taxi stand' : lang === 'cantonese' ? '的士站' : '出租车站',
            payload: lang === 'english' ? 'taxi stand' : lang === 'cantonese' ? '的士站' : '出租车站',
          },
        ],
      },
    ],
    related: true,
    sub: [
      {
        name: 'EV charging',
        weight: 2,
        keywords: {
          english: ['ev charging', 'electric car', 'charger'],
          cantonese: ['電動車充電', '充電樁', '電動車'],
          mandarin: ['电动车充电', '充电桩', '电动车'],
        },
        asks: {
          english: ['Can I charge my electric car here?', 'where are the EV chargers'],
          cantonese: ['呢度有冇電動車充電？'],
          mandarin: ['这里可以给电动车充电吗？'],
        },
        answer: L(
          'Twelve EV chargers are on level B2, bays 201 to 212. Charging is free while you park.',
          'B2層201至212號車位設有十二個電動車充電器，泊車期間免費充電。',
          'B2层201至212号车位设有十二个电动车充电器，停车期间免费充电。',
        ),
      },
    ],
  },
  {
    name: 'Taxi stand',
    category: 'Transport',
    weight: 4,
    keywords: {
      english: ['taxi', 'cab', 'taxi stand'],
      cantonese: ['的士', '的士站', '截的士'],
      mandarin: ['出租车', '出租车站', '打车'],
    },
    asks: {
      english: ['Where can I get a taxi?', 'Is there a cab rank nearby?'],
      cantonese: ['邊度可以搭的士？', '附近有冇的士站？'],
      mandarin: ['哪里可以打车？', '附近有出租车站吗？'],
    },
    answer: L(
      'The taxi stand is outside the main entrance on the ground floor, to the left.',
      '的士站喺地下正門外面左邊。',
      '出租车站在一楼正门外左侧。',
    ),
    motion: 'lean_in',
  },
  {
    name: 'Dining',
    category: 'Shops and dining',
    weight: 9,
    keywords: {
      english: ['restaurant', 'food', 'eat', 'dining', 'food court'],
      cantonese: ['餐廳', '食飯', '美食廣場', '食嘢'],
      mandarin: ['餐厅', '吃饭', '美食广场', '吃的'],
    },
    asks: {
      english: ['Where can I get lunch?', 'Any good restaurants here?', 'I am hungry'],
      cantonese: ['邊度有嘢食？', '有冇推介嘅餐廳？'],
      mandarin: ['哪里有吃的？', '有推荐的餐厅吗？'],
    },
    answer: L(
      'The food court is on level 3 and restaurants are on levels 4 and 5.',
      '美食廣場喺三樓，四樓同五樓有餐廳。',
      '美食广场在三楼，四楼和五楼有餐厅。',
    ),
    extra: (lang) => [
      {
        type: 'cards',
        cards: [
          {
            id: 'food-court',
            title: lang === 'english' ? 'Food court' : lang === 'cantonese' ? '美食廣場' : '美食广场',
            description:
              lang === 'english' ? 'Level 3 · 20 stalls · 10:00–22:00' : '3/F · 20 間 · 10:00–22:00',
          },
          {
            id: 'restaurants',
            title: lang === 'english' ? 'Restaurants' : lang === 'cantonese' ? '餐廳' : '餐厅',
            description:
              lang === 'english' ? 'Levels 4–5 · Chinese, Japanese, Western' : '4/F–5/F · 中菜、日本菜、西餐',
          },
        ],
      },
    ],
  },
  {
    name: 'Lost and found',
    category: 'Services',
    weight: 5,
    keywords: {
      english: ['lost', 'lost and found', 'lost property', 'found'],
      cantonese: ['失物認領', '唔見咗', '遺失'],
      mandarin: ['失物招领', '丢了', '遗失'],
    },
    asks: {
      english: ['I lost my wallet', 'Has anyone handed in a phone?', 'Where is lost property?'],
      cantonese: ['我唔見咗銀包', '有冇人執到電話？'],
      mandarin: ['我的钱包丢了', '有人捡到手机吗？'],
    },
    answer: L(
      'Please go to the Customer Service Counter on the ground floor; lost items are kept there for 30 days.',
      '請到地下客戶服務台查詢，失物會保留30日。',
      '请到一楼客户服务台查询，失物会保留30天。',
    ),
  },
  {
    name: 'Customer service',
    category: 'Services',
    weight: 6,
    keywords: {
      english: ['customer service', 'help desk', 'information counter', 'staff'],
      cantonese: ['客戶服務', '服務台', '職員', '詢問處'],
      mandarin: ['客户服务', '服务台', '工作人员', '问询处'],
    },
    asks: {
      english: ['Can I talk to a staff member?', 'Where is the information desk?'],
      cantonese: ['我想搵職員', '詢問處喺邊？'],
      mandarin: ['我想找工作人员', '问询处在哪里？'],
    },
    answer: L(
      'The Customer Service Counter is on the ground floor by the main entrance, open 10:00–22:00. Phone 2345 6789.',
      '客戶服務台喺地下正門旁邊，開放時間上午十點至晚上十點。電話 2345 6789。',
      '客户服务台在一楼正门旁边，开放时间上午十点至晚上十点。电话 2345 6789。',
    ),
    motion: 'bow',
  },
  {
    name: 'Accessibility',
    category: 'Facilities',
    weight: 3,
    keywords: {
      english: ['wheelchair', 'accessible', 'disabled access', 'lift'],
      cantonese: ['輪椅', '暢通易達', '無障礙', '𨋢'],
      mandarin: ['轮椅', '无障碍', '电梯'],
    },
    asks: {
      english: ['Can I borrow a wheelchair?', 'Is the building wheelchair accessible?'],
      cantonese: ['可唔可以借輪椅？', '有冇無障礙通道？'],
      mandarin: ['可以借轮椅吗？', '有无障碍通道吗？'],
    },
    answer: L(
      'Every entrance has step-free access and all lifts reach every floor. Wheelchairs can be borrowed at Customer Service.',
      '所有入口均設無障礙通道，升降機可到達每一層。客戶服務台可借用輪椅。',
      '所有入口均设无障碍通道，电梯可到达每一层。客户服务台可借用轮椅。',
    ),
  },
  {
    name: 'Events this month',
    category: 'General information',
    weight: 4,
    keywords: {
      english: ['events', 'activities', "what's on", 'exhibition'],
      cantonese: ['活動', '展覽', '有咩活動'],
      mandarin: ['活动', '展览', '有什么活动'],
    },
    asks: {
      english: ['What events are on this week?', 'Anything happening this weekend?'],
      cantonese: ['呢個禮拜有咩活動？', '週末有冇展覽？'],
      mandarin: ['这周有什么活动？', '周末有展览吗？'],
    },
    answer: L(
      'This month: a craft market in the atrium every weekend and a photography exhibition on level 2.',
      '本月活動：每逢週末中庭有手作市集，二樓有攝影展覽。',
      '本月活动：每逢周末中庭有手作市集，二楼有摄影展览。',
    ),
    extra: (lang) => [
      {
        type: 'list',
        elements: [
          {
            title: lang === 'english' ? 'Craft market' : lang === 'cantonese' ? '手作市集' : '手作市集',
            subtitle: lang === 'english' ? 'Atrium · Sat–Sun 12:00–20:00' : '中庭 · 六日 12:00–20:00',
          },
          {
            title:
              lang === 'english' ? 'Photography exhibition' : lang === 'cantonese' ? '攝影展覽' : '摄影展览',
            subtitle: lang === 'english' ? 'Level 2 · daily' : '2/F · 每日',
          },
        ],
      },
    ],
  },
  {
    name: 'Shop directory',
    category: 'Shops and dining',
    weight: 7,
    keywords: {
      english: ['shop', 'store', 'directory', 'find a shop'],
      cantonese: ['商店', '舖頭', '商戶目錄'],
      mandarin: ['商店', '店铺', '商户目录'],
    },
    asks: {
      english: ['What shops are there?', 'Do you have a store directory?'],
      cantonese: ['有咩商店？', '有冇商戶目錄？'],
      mandarin: ['有什么商店？', '有商户目录吗？'],
    },
    answer: L(
      'Choose a kind of shop and I will tell you where to find it.',
      '請揀商店類別，我話你知喺邊。',
      '请选择商店类别，我告诉你在哪里。',
    ),
    extra: (lang) => [
      {
        type: 'dropdown',
        title: lang === 'english' ? 'Kind of shop' : lang === 'cantonese' ? '商店類別' : '商店类别',
        values:
          lang === 'english'
            ? [
                { text: 'Pharmacy', payload: 'pharmacy' },
                { text: 'Electronics', payload: 'electronics' },
                { text: 'Books', payload: 'bookshop' },
              ]
            : lang === 'cantonese'
              ? [
                  { text: '藥房', payload: '藥房' },
                  { text: '電器', payload: '電器' },
                  { text: '書店', payload: '書店' },
                ]
              : [
                  { text: '药店', payload: '药店' },
                  { text: '电器', payload: '电器' },
                  { text: '书店', payload: '书店' },
                ],
      },
    ],
    // One sub-topic per kind of shop the menu offers: each choice asks its payload, which is one
    // of these keywords in the same language (demo.test.ts walks every choice).
    sub: [
      {
        name: 'Pharmacy',
        weight: 2,
        keywords: {
          english: ['pharmacy', 'chemist', 'drugstore', 'medicine'],
          cantonese: ['藥房', '藥', '藥店'],
          mandarin: ['药店', '药房', '买药'],
        },
        asks: {
          english: ['Is there a pharmacy?', 'Where can I buy medicine?'],
          cantonese: ['邊度有藥房？', '邊度可以買藥？'],
          mandarin: ['哪里有药店？', '哪里可以买药？'],
        },
        answer: L(
          'The pharmacy is on level 1, next to the east entrance, open 10:00–22:00.',
          '藥房喺一樓東面入口旁邊，開放時間上午十點至晚上十點。',
          '药店在一楼东面入口旁边，开放时间上午十点至晚上十点。',
        ),
        motion: 'lean_in',
      },
      {
        name: 'Electronics',
        weight: 2,
        keywords: {
          english: ['electronics', 'phone charger', 'phone shop', 'gadgets'],
          cantonese: ['電器', '電器舖', '手機叉電器'],
          mandarin: ['电器', '电器店', '手机充电器'],
        },
        asks: {
          english: ['Where can I buy a phone charger?', 'Is there an electronics store?'],
          cantonese: ['邊度買到手機叉電器？', '有冇電器舖？'],
          mandarin: ['哪里能买到手机充电器？', '有电器店吗？'],
        },
        answer: L(
          'Electronics and phone shops are on level 2, around the atrium.',
          '電器同手機舖喺二樓中庭附近。',
          '电器和手机店在二楼中庭附近。',
        ),
      },
      {
        name: 'Bookshop',
        weight: 2,
        keywords: {
          english: ['bookshop', 'bookstore', 'books'],
          cantonese: ['書店', '買書', '書局'],
          mandarin: ['书店', '买书', '书局'],
        },
        asks: {
          english: ['Which floor is the bookshop on?', 'Where can I buy books?'],
          cantonese: ['書店喺幾樓？', '邊度可以買書？'],
          mandarin: ['书店在几楼？', '哪里可以买书？'],
        },
        answer: L(
          'The bookshop is on level 4, beside the cinema.',
          '書店喺四樓，戲院旁邊。',
          '书店在四楼，电影院旁边。',
        ),
      },
    ],
  },
  {
    name: 'Greeting',
    category: 'Small talk',
    weight: 6,
    keywords: {
      english: ['hello', 'hi', 'good morning', 'hey there'],
      cantonese: ['你好', '哈囉', '早晨'],
      mandarin: ['你好', '早上好', '嗨'],
    },
    asks: {
      english: ['hello there', 'hi!', 'good afternoon'],
      cantonese: ['你好呀', '哈囉'],
      mandarin: ['你好啊', '嗨，你好'],
    },
    answer: L(
      'Hello! Ask me about the building, shops, parking or events.',
      '你好！你可以問我大廈、商店、泊車或者活動嘅資料。',
      '你好！你可以问我大厦、商店、停车或者活动的信息。',
    ),
    motion: 'tilt',
  },
];

/** Questions nothing answers: they fall back, as real traffic does. */
export const OFF_TOPIC = {
  english: [
    'Can you sing a song?',
    'What is the meaning of life?',
    'Who won the football last night?',
    'Do you sell helicopters?',
  ],
  cantonese: ['你識唔識唱歌？', '聽日會唔會落雨？', '你幾多歲？'],
  mandarin: ['你会唱歌吗？', '明天会下雨吗？', '你几岁了？'],
};

/** What visitors sometimes write after rating an answer. */
export const COMMENTS = {
  up: ['Very helpful, thanks!', '好方便，多謝！', '很有帮助'],
  down: ['Not what I asked', '答非所問', '没有回答我的问题'],
};
