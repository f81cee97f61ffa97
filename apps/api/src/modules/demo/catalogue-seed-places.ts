import type { Localized } from '../../db/schema/index.ts';

// Demo catalogue: places, categories, ticket types and the per-kind texts every tour of a kind shares.
export const L = (en: string, ru: string): Localized => ({ en, ru });
export const LL = (en: string[], ru: string[]): Localized<string[]> => ({ en, ru });

export type Motif =
  | 'skyline'
  | 'dunes'
  | 'sea'
  | 'coaster'
  | 'slides'
  | 'museum'
  | 'mountains'
  | 'wildlife'
  | 'show'
  | 'oasis';

export const COUNTRY = {
  url: 'uae',
  name: L('United Arab Emirates', 'Объединённые Арабские Эмираты'),
  description: L(
    'Seven emirates between the desert and the Gulf: record-breaking towers, world-class museums, theme parks, dune safaris and quiet mountain coves, all within a two-hour drive of Dubai.',
    'Семь эмиратов между пустыней и Персидским заливом: небоскрёбы-рекордсмены, музеи мирового уровня, тематические парки, сафари по дюнам и тихие горные бухты — всё в пределах двух часов езды от Дубая.',
  ),
};

export const CITIES = [
  {
    url: 'dubai',
    name: L('Dubai', 'Дубай'),
    motif: 'skyline' as Motif,
    description: L(
      'The busiest tourist city of the region: Burj Khalifa and Downtown, the Marina and Palm Jumeirah, desert camps half an hour from the hotels.',
      'Самый популярный у туристов город региона: Бурдж-Халифа и Даунтаун, Марина и Пальма Джумейра, а пустынные лагеря — в получасе от отелей.',
    ),
  },
  {
    url: 'abu-dhabi',
    name: L('Abu Dhabi', 'Абу-Даби'),
    motif: 'museum' as Motif,
    description: L(
      'The capital: Sheikh Zayed Grand Mosque, Louvre Abu Dhabi, Qasr Al Watan and the parks of Yas Island.',
      'Столица страны: Большая мечеть шейха Зайда, Лувр Абу-Даби, дворец Каср-аль-Ватан и парки острова Яс.',
    ),
  },
  {
    url: 'sharjah',
    name: L('Sharjah', 'Шарджа'),
    motif: 'oasis' as Motif,
    description: L(
      'The cultural capital of the Arab world, with museums, a restored old town and a safari park in the desert.',
      'Культурная столица арабского мира: музеи, отреставрированный старый город и сафари-парк в пустыне.',
    ),
  },
  {
    url: 'ras-al-khaimah',
    name: L('Ras Al Khaimah', 'Рас-эль-Хайма'),
    motif: 'mountains' as Motif,
    description: L(
      'Mountains and mangroves in the north: Jebel Jais with the world’s longest zipline, kayaking and quiet beaches.',
      'Горы и мангровые заросли на севере: Джебель-Джайс с самым длинным в мире зиплайном, каяки и спокойные пляжи.',
    ),
  },
  {
    url: 'fujairah',
    name: L('Fujairah', 'Фуджейра'),
    motif: 'sea' as Motif,
    description: L(
      'The east coast on the Gulf of Oman: coral reefs, snorkelling at Snoopy Island, old forts and the Hajar mountains.',
      'Восточное побережье на Оманском заливе: коралловые рифы, снорклинг у острова Снупи, старинные форты и горы Хаджар.',
    ),
  },
] as const;
export type CityUrl = (typeof CITIES)[number]['url'];

export const CATEGORIES = [
  {
    url: 'observation-decks',
    motif: 'skyline' as Motif,
    name: L('Observation decks', 'Смотровые площадки'),
    description: L(
      'The UAE from above: the highest decks of Burj Khalifa, the Dubai Frame and the Palm.',
      'ОАЭ с высоты: самые высокие смотровые площадки Бурдж-Халифы, Рамка Дубая и вид на Пальму.',
    ),
  },
  {
    url: 'theme-parks',
    motif: 'coaster' as Motif,
    name: L('Theme parks', 'Тематические парки'),
    description: L(
      'Record-breaking roller coasters, movie worlds and indoor parks for every age.',
      'Американские горки-рекордсмены, киномиры и крытые парки для любого возраста.',
    ),
  },
  {
    url: 'water-parks',
    motif: 'slides' as Motif,
    name: L('Water parks', 'Аквапарки'),
    description: L(
      'Slides, wave pools and lazy rivers, open all year round.',
      'Горки, волновые бассейны и ленивые реки — круглый год.',
    ),
  },
  {
    url: 'desert-safaris',
    motif: 'dunes' as Motif,
    name: L('Desert safaris', 'Сафари в пустыне'),
    description: L(
      'Dune bashing, camel rides, sandboarding and dinner under the stars.',
      'Покатушки по дюнам, верблюды, сэндбординг и ужин под звёздами.',
    ),
  },
  {
    url: 'cruises',
    motif: 'sea' as Motif,
    name: L('Cruises & yachts', 'Круизы и яхты'),
    description: L(
      'Dhow dinner cruises, shared boat trips and private yachts.',
      'Ужин на доу, групповые морские прогулки и частные яхты.',
    ),
  },
  {
    url: 'city-tours',
    motif: 'skyline' as Motif,
    name: L('City tours', 'Обзорные экскурсии'),
    description: L(
      'Guided tours with hotel pick-up: old and new Dubai, Abu Dhabi, Sharjah and the east coast.',
      'Экскурсии с гидом и трансфером из отеля: старый и новый Дубай, Абу-Даби, Шарджа и восточное побережье.',
    ),
  },
  {
    url: 'museums',
    motif: 'museum' as Motif,
    name: L('Museums & culture', 'Музеи и культура'),
    description: L(
      'The Louvre Abu Dhabi, the Museum of the Future, palaces and heritage sites.',
      'Лувр Абу-Даби, Музей будущего, дворцы и объекты наследия.',
    ),
  },
  {
    url: 'adventure',
    motif: 'mountains' as Motif,
    name: L('Adventure & sports', 'Приключения и спорт'),
    description: L(
      'Skydiving, ziplines, hot-air balloons, kayaks and quad bikes.',
      'Прыжки с парашютом, зиплайны, воздушные шары, каяки и квадроциклы.',
    ),
  },
  {
    url: 'wildlife',
    motif: 'wildlife' as Motif,
    name: L('Aquariums & wildlife', 'Океанариумы и зоопарки'),
    description: L(
      'Aquariums, rainforests and safari parks with the animals of Arabia and Africa.',
      'Океанариумы, тропические леса и сафари-парки с животными Аравии и Африки.',
    ),
  },
  {
    url: 'shows',
    motif: 'show' as Motif,
    name: L('Shows & evenings', 'Шоу и вечерние программы'),
    description: L('Acrobatic water shows and evening programmes.', 'Акробатические шоу на воде и вечерние программы.'),
  },
] as const;
export type CategoryUrl = (typeof CATEGORIES)[number]['url'];

export const TICKET_TYPES = [
  { code: 'general', name: L('General admission', 'Входной билет') },
  { code: 'prime', name: L('Prime time', 'Прайм-тайм') },
  { code: 'fast-track', name: L('Fast track', 'Без очереди') },
  { code: 'combo', name: L('Combo ticket', 'Комбинированный билет') },
  { code: 'shared-transfer', name: L('With shared transfer', 'С групповым трансфером') },
  { code: 'private-transfer', name: L('With private transfer', 'С индивидуальным трансфером') },
  { code: 'private', name: L('Private tour', 'Индивидуальный тур') },
  { code: 'vip', name: L('VIP', 'VIP') },
] as const;
export type TicketCode = (typeof TICKET_TYPES)[number]['code'];

type Steps = Localized<{ title: string; description: string }[]>;
type Faq = Localized<{ question: string; answer: string }[]>;
export type KindTexts = { itinerary: Steps; terms: Localized<string[]>; notes: Localized<string[]>; faq: Faq };

const step = (title: string, description: string) => ({ title, description });
const qa = (question: string, answer: string) => ({ question, answer });

// Texts shared by all tours of a kind (the tour's first category); a tour may override its itinerary.
export const KIND_TEXTS: Record<CategoryUrl, KindTexts> = {
  'observation-decks': {
    itinerary: {
      en: [
        step('Arrival', 'Arrive 15 minutes before the time slot and show the e-ticket at the entrance.'),
        step('Up to the deck', 'A high-speed lift takes you to the top in about a minute.'),
        step('On the deck', 'Take in the 360° view, telescopes and photo spots at your own pace.'),
        step('Back down', 'Leave whenever you like; the ticket is valid for one entry.'),
      ],
      ru: [
        step('Прибытие', 'Приезжайте за 15 минут до начала слота и покажите электронный билет на входе.'),
        step('Подъём', 'Скоростной лифт поднимет вас наверх примерно за минуту.'),
        step('На площадке', 'Панорама на 360°, телескопы и лучшие точки для фото — без спешки.'),
        step('Спуск', 'Уйти можно в любой момент; билет действует на один вход.'),
      ],
    },
    terms: LL(
      [
        'Entry only within the booked time slot; late arrivals may be refused.',
        'Large bags and tripods are not allowed on the deck.',
      ],
      [
        'Вход только в забронированный слот; опоздавших могут не пропустить.',
        'Крупные сумки и штативы на площадку проносить нельзя.',
      ],
    ),
    notes: LL(
      [
        'Sunset slots sell out first: book them at least a week ahead.',
        'Guests must carry the original passport or Emirates ID.',
      ],
      [
        'Слоты на закате раскупают первыми — бронируйте минимум за неделю.',
        'Гостям нужен при себе оригинал паспорта или Emirates ID.',
      ],
    ),
    faq: {
      en: [
        qa(
          'How long can we stay at the top?',
          'There is no time limit once you are up; most guests stay 45–60 minutes.',
        ),
        qa('Is the deck accessible for wheelchairs?', 'Yes, the entrance, lifts and decks are step-free.'),
      ],
      ru: [
        qa(
          'Сколько можно находиться наверху?',
          'Ограничения по времени нет; обычно гости проводят наверху 45–60 минут.',
        ),
        qa('Доступна ли площадка для колясок?', 'Да, вход, лифты и площадки без ступенек.'),
      ],
    },
  },
  'theme-parks': {
    itinerary: {
      en: [
        step('Gates open', 'Show the e-ticket at the turnstiles; lockers and pushchairs are near the entrance.'),
        step('Rides and shows', 'Follow the park app for ride waiting times and show schedules.'),
        step('Lunch break', 'Restaurants across the park, halal and vegetarian options included.'),
        step('Until closing', 'Stay until closing; re-entry on the same day with the wristband.'),
      ],
      ru: [
        step('Открытие парка', 'Покажите электронный билет на турникете; камеры хранения и коляски — у входа.'),
        step('Аттракционы и шоу', 'Время ожидания и расписание шоу — в приложении парка.'),
        step('Обед', 'Рестораны по всему парку, есть халяльные и вегетарианские блюда.'),
        step('До закрытия', 'Оставайтесь до закрытия; с браслетом можно выйти и вернуться в тот же день.'),
      ],
    },
    terms: LL(
      ['Some rides have height and health restrictions.', 'Outside food and drinks are not allowed.'],
      ['На некоторых аттракционах есть ограничения по росту и здоровью.', 'Проносить свою еду и напитки нельзя.'],
    ),
    notes: LL(
      [
        'Weekends and UAE school holidays are the busiest days; suggest weekdays to families.',
        'Child tickets are for guests under 1.2 m or aged 3–11 years.',
      ],
      [
        'Больше всего людей в выходные и на школьных каникулах в ОАЭ — семьям советуйте будни.',
        'Детский билет — для гостей ростом ниже 1,2 м или в возрасте 3–11 лет.',
      ],
    ),
    faq: {
      en: [
        qa('Is the park indoors?', 'Most rides and queues are air-conditioned or shaded, so the park works all year.'),
        qa('Can we leave and come back?', 'Yes, on the same day with the wristband issued at entry.'),
      ],
      ru: [
        qa(
          'Парк крытый?',
          'Большинство аттракционов и очередей в тени или с кондиционером, так что парк работает круглый год.',
        ),
        qa('Можно выйти и вернуться?', 'Да, в тот же день по браслету, который выдают на входе.'),
      ],
    },
  },
  'water-parks': {
    itinerary: {
      en: [
        step('Check-in', 'Exchange the e-ticket for a wristband; towels and lockers are available to rent.'),
        step('Slides and pools', 'From family rafts to near-vertical drops; lifeguards on every slide.'),
        step('Lunch', 'Cafés inside the park accept cards and the cashless wristband.'),
        step('Afternoon', 'Wave pool and lazy river until closing.'),
      ],
      ru: [
        step('Регистрация', 'Обменяйте электронный билет на браслет; полотенца и шкафчики можно взять в аренду.'),
        step('Горки и бассейны', 'От семейных плотов до почти вертикальных спусков; на каждой горке спасатели.'),
        step('Обед', 'В кафе парка можно платить картой или браслетом.'),
        step('Вторая половина дня', 'Волновой бассейн и ленивая река до закрытия.'),
      ],
    },
    terms: LL(
      [
        'Swimwear only on the slides: no zips, buckles or long shirts.',
        'Children under 12 must be accompanied by an adult.',
      ],
      ['На горках — только купальная одежда без молний и пряжек.', 'Дети до 12 лет — только в сопровождении взрослых.'],
    ),
    notes: LL(
      [
        'Closed or partly closed on some winter days for maintenance; we tell you in advance.',
        'Remind guests about sun cream and hats.',
      ],
      [
        'В отдельные зимние дни парк закрыт или работает частично из-за обслуживания — предупредим заранее.',
        'Напомните гостям о солнцезащитном креме и головных уборах.',
      ],
    ),
    faq: {
      en: [
        qa('Are the pools heated in winter?', 'Yes, the water is kept comfortable from November to March.'),
        qa('Can we bring our own towels?', 'Yes, or rent them at the entrance.'),
      ],
      ru: [
        qa('Подогревается ли вода зимой?', 'Да, с ноября по март вода подогревается до комфортной температуры.'),
        qa('Можно прийти со своими полотенцами?', 'Да, или взять в аренду у входа.'),
      ],
    },
  },
  'desert-safaris': {
    itinerary: {
      en: [
        step(
          'Hotel pick-up',
          'A 4x4 collects guests from the hotel lobby; the driver calls the evening before with the exact time.',
        ),
        step('Dune bashing', 'About 30 minutes over the red dunes with a stop for photos at sunset.'),
        step('Camp activities', 'Camel ride, sandboarding, henna and Arabic coffee at a Bedouin-style camp.'),
        step('Dinner and show', 'Barbecue buffet with a tanoura and fire show, then the drive back to the hotel.'),
      ],
      ru: [
        step(
          'Трансфер из отеля',
          'Внедорожник заберёт гостей из лобби отеля; водитель накануне вечером сообщит точное время.',
        ),
        step('Покатушки по дюнам', 'Около 30 минут по красным дюнам с остановкой для фото на закате.'),
        step(
          'Программа в лагере',
          'Катание на верблюде, сэндбординг, хна и арабский кофе в лагере в бедуинском стиле.',
        ),
        step('Ужин и шоу', 'Ужин-барбекю, шоу танура и огненное шоу, затем возвращение в отель.'),
      ],
    },
    terms: LL(
      [
        'Dune bashing is not suitable for pregnant guests, children under 3 or guests with back problems.',
        'Alcohol is not served during Ramadan; dances are replaced by quiet music.',
      ],
      [
        'Покатушки по дюнам не подходят беременным, детям до 3 лет и гостям с проблемами спины.',
        'Во время Рамадана алкоголь не подают, а танцы заменяет спокойная музыка.',
      ],
    ),
    notes: LL(
      ['Give the driver the guest’s mobile number with the country code.', 'Vegetarian meals on request when booking.'],
      [
        'Укажите мобильный номер гостя с кодом страны — водитель свяжется напрямую.',
        'Вегетарианское меню — по запросу при бронировании.',
      ],
    ),
    faq: {
      en: [
        qa(
          'Can guests skip dune bashing?',
          'Yes, tell us when booking and the driver takes the smooth route to the camp.',
        ),
        qa('What should guests wear?', 'Light clothes, closed shoes and a jacket for winter evenings.'),
      ],
      ru: [
        qa(
          'Можно ли отказаться от покатушек по дюнам?',
          'Да, сообщите при бронировании — водитель поедет в лагерь спокойным маршрутом.',
        ),
        qa('Как одеться?', 'Лёгкая одежда, закрытая обувь, зимним вечером — куртка.'),
      ],
    },
  },
  cruises: {
    itinerary: {
      en: [
        step('Boarding', 'Meet the crew at the pier 20 minutes before departure and show the e-ticket.'),
        step('Cruise', 'Sail past the skyline with commentary on the landmarks.'),
        step('On board', 'Buffet or refreshments as per the option, with music on deck.'),
        step('Return', 'Back to the same pier at the end of the cruise.'),
      ],
      ru: [
        step('Посадка', 'Встреча с экипажем на причале за 20 минут до отправления, покажите электронный билет.'),
        step('Прогулка', 'Маршрут вдоль береговой линии с рассказом о достопримечательностях.'),
        step('На борту', 'Ужин-буфет или напитки — в зависимости от опции, музыка на палубе.'),
        step('Возвращение', 'Возвращение к тому же причалу в конце прогулки.'),
      ],
    },
    terms: LL(
      [
        'Cruises may be cancelled by the coast guard in strong wind; guests then get a full refund or a new date.',
        'Life jackets are on board for every guest.',
      ],
      [
        'В сильный ветер береговая охрана может отменить выход в море — гостям вернём деньги полностью или перенесём дату.',
        'Спасательные жилеты на борту есть для каждого гостя.',
      ],
    ),
    notes: LL(
      [
        'Send the guest names at least 24 hours ahead: the coast guard needs the passenger list.',
        'Boarding closes 10 minutes before departure.',
      ],
      [
        'Пришлите имена гостей минимум за 24 часа — береговой охране нужен список пассажиров.',
        'Посадка заканчивается за 10 минут до отправления.',
      ],
    ),
    faq: {
      en: [
        qa('Is the boat suitable for children?', 'Yes, children are welcome; infants travel free on an adult’s lap.'),
        qa('Do guests get seasick?', 'The routes stay in calm waters close to the shore.'),
      ],
      ru: [
        qa('Подходит ли прогулка детям?', 'Да, детям рады; младенцы бесплатно, на руках у взрослых.'),
        qa('Укачивает ли на лодке?', 'Маршруты проходят в спокойных водах у берега.'),
      ],
    },
  },
  'city-tours': {
    itinerary: {
      en: [
        step('Hotel pick-up', 'The guide meets guests in the hotel lobby; an air-conditioned vehicle waits outside.'),
        step('Landmarks', 'Photo stops at the main sights with the guide’s commentary.'),
        step('Old town', 'A walk through the historic quarter, souks and an abra crossing where on the route.'),
        step('Drop-off', 'Back to the hotel, or drop-off at a mall on request.'),
      ],
      ru: [
        step('Встреча в отеле', 'Гид встречает гостей в лобби, у входа ждёт автомобиль с кондиционером.'),
        step('Главные достопримечательности', 'Фотостопы у главных объектов с рассказом гида.'),
        step('Старый город', 'Прогулка по историческому кварталу и рынкам, переправа на абре, если она по маршруту.'),
        step('Возвращение', 'Обратно в отель или, по желанию, к торговому центру.'),
      ],
    },
    terms: LL(
      [
        'Mosque visits need covered shoulders and knees; women also cover their hair (abayas are provided).',
        'The order of stops may change because of traffic.',
      ],
      [
        'Для посещения мечети плечи и колени должны быть закрыты, женщинам нужен платок (абаи выдают на месте).',
        'Порядок остановок может меняться из-за пробок.',
      ],
    ),
    notes: LL(
      [
        'English- and Russian-speaking guides; other languages on request for private tours.',
        'Tell us the hotel and room number at checkout for the pick-up.',
      ],
      [
        'Гиды говорят по-английски и по-русски; другие языки — по запросу на индивидуальных турах.',
        'Укажите при оформлении отель и номер комнаты для трансфера.',
      ],
    ),
    faq: {
      en: [
        qa('How many guests are in a group?', 'Shared tours take up to 14 guests in a minibus.'),
        qa('Are entrance fees included?', 'Yes, all entrance fees on the route are included.'),
      ],
      ru: [
        qa('Сколько человек в группе?', 'В групповом туре — до 14 гостей в микроавтобусе.'),
        qa('Включены ли входные билеты?', 'Да, все входные билеты по маршруту включены.'),
      ],
    },
  },
  museums: {
    itinerary: {
      en: [
        step('Entrance', 'Show the e-ticket at the entrance; the audio guide is in the museum app.'),
        step('Galleries', 'Follow the suggested route through the permanent collection.'),
        step('Exhibitions', 'Temporary exhibitions are included in the ticket unless marked otherwise.'),
        step('Café and shop', 'Finish at the café or the museum shop.'),
      ],
      ru: [
        step('Вход', 'Покажите электронный билет на входе; аудиогид — в приложении музея.'),
        step('Залы', 'Рекомендуемый маршрут по постоянной экспозиции.'),
        step('Выставки', 'Временные выставки входят в билет, если не указано иное.'),
        step('Кафе и магазин', 'Завершите визит в кафе или музейном магазине.'),
      ],
    },
    terms: LL(
      ['Modest dress is expected: shoulders and knees covered.', 'Flash photography is not allowed in the galleries.'],
      ['Ожидается скромная одежда: плечи и колени закрыты.', 'Фотографировать со вспышкой в залах нельзя.'],
    ),
    notes: LL(
      [
        'Guided tours in Russian run on weekends; ask us for dates.',
        'Students get the child price with a valid student card.',
      ],
      [
        'Экскурсии на русском проходят по выходным — уточняйте даты.',
        'Студенты с действующим студенческим билетом — по детскому тарифу.',
      ],
    ),
    faq: {
      en: [
        qa('How long does a visit take?', 'Plan two to three hours for the main collection.'),
        qa('Are pushchairs allowed?', 'Yes, and they can be borrowed at the cloakroom.'),
      ],
      ru: [
        qa('Сколько времени занимает посещение?', 'На основную экспозицию закладывайте два-три часа.'),
        qa('Можно с коляской?', 'Да, коляску также можно взять в гардеробе.'),
      ],
    },
  },
  adventure: {
    itinerary: {
      en: [
        step('Check-in', 'Arrive at the meeting point 45 minutes before the slot for the safety briefing.'),
        step('Gear up', 'Instructors fit the harness, helmet and equipment.'),
        step('The experience', 'The activity itself, led by certified instructors.'),
        step('Photos and video', 'Photo and video packages are sold on site.'),
      ],
      ru: [
        step('Регистрация', 'Приезжайте на место встречи за 45 минут до слота на инструктаж по безопасности.'),
        step('Снаряжение', 'Инструкторы подгонят страховку, шлем и снаряжение.'),
        step('Приключение', 'Сама активность под руководством сертифицированных инструкторов.'),
        step('Фото и видео', 'Пакеты фото и видео можно купить на месте.'),
      ],
    },
    terms: LL(
      [
        'Weight, age and health limits apply; guests sign a waiver on site.',
        'In bad weather the operator moves the booking to another date or refunds it.',
      ],
      [
        'Действуют ограничения по весу, возрасту и здоровью; гости подписывают отказ от претензий.',
        'В плохую погоду оператор переносит бронь на другую дату или возвращает деньги.',
      ],
    ),
    notes: LL(
      [
        'Send the guest’s weight and age with the booking.',
        'Confirmation depends on the operator’s schedule: the booking starts as a request.',
      ],
      [
        'Укажите в брони вес и возраст гостя.',
        'Подтверждение зависит от расписания оператора — бронь сначала идёт как запрос.',
      ],
    ),
    faq: {
      en: [
        qa('Do guests need experience?', 'No, instructors brief and accompany every guest.'),
        qa('What if the weather is bad?', 'The operator offers a new date or a full refund.'),
      ],
      ru: [
        qa('Нужен ли опыт?', 'Нет, инструкторы проводят инструктаж и сопровождают каждого гостя.'),
        qa('Что если погода испортится?', 'Оператор предложит другую дату или вернёт деньги полностью.'),
      ],
    },
  },
  wildlife: {
    itinerary: {
      en: [
        step('Entrance', 'Show the e-ticket at the entrance and pick up the map.'),
        step('Explore', 'Walk through the habitats at your own pace.'),
        step('Feeding times', 'Keeper talks and feedings run through the day.'),
        step('Exit', 'Leave through the gift shop whenever you like.'),
      ],
      ru: [
        step('Вход', 'Покажите электронный билет на входе и возьмите карту.'),
        step('Прогулка', 'Осматривайте зоны обитания в своём темпе.'),
        step('Кормления', 'Рассказы смотрителей и кормления — в течение дня.'),
        step('Выход', 'Выход через сувенирный магазин — в любое время.'),
      ],
    },
    terms: LL(
      ['Do not feed the animals unless a keeper invites you to.', 'Drones and flash photography are not allowed.'],
      ['Не кормите животных без приглашения смотрителя.', 'Дроны и съёмка со вспышкой запрещены.'],
    ),
    notes: LL(
      [
        'Feeding times change seasonally; we send the schedule with the voucher.',
        'Most of the route is shaded but hats are recommended.',
      ],
      [
        'Время кормлений зависит от сезона — расписание пришлём вместе с ваучером.',
        'Большая часть маршрута в тени, но головной убор всё равно пригодится.',
      ],
    ),
    faq: {
      en: [
        qa('How long is the visit?', 'Two to three hours on average.'),
        qa('Are there places to eat?', 'Yes, cafés and water stations along the route.'),
      ],
      ru: [
        qa('Сколько длится посещение?', 'В среднем два-три часа.'),
        qa('Где поесть?', 'По маршруту есть кафе и фонтанчики с водой.'),
      ],
    },
  },
  shows: {
    itinerary: {
      en: [
        step('Doors open', 'Doors open 45 minutes before the show; show the e-ticket at the entrance.'),
        step('The show', 'About 90 minutes without an interval.'),
        step('After the show', 'Meet the artists in the foyer on selected nights.'),
      ],
      ru: [
        step('Открытие дверей', 'Двери открываются за 45 минут до начала; покажите электронный билет.'),
        step('Шоу', 'Около 90 минут без антракта.'),
        step('После шоу', 'В отдельные вечера — встреча с артистами в фойе.'),
      ],
    },
    terms: LL(
      ['Latecomers are seated at a suitable break.', 'Guests in the first rows may get splashed.'],
      ['Опоздавших рассаживают в подходящий момент.', 'В первых рядах могут долететь брызги.'],
    ),
    notes: LL(
      ['Seats are allocated by category, not by seat number.', 'Children under 4 are not admitted.'],
      ['Места распределяются по категориям, а не по номерам.', 'Дети до 4 лет не допускаются.'],
    ),
    faq: {
      en: [qa('Is there a dress code?', 'Smart casual.'), qa('Is parking available?', 'Yes, in the venue’s car park.')],
      ru: [qa('Есть ли дресс-код?', 'Smart casual.'), qa('Есть ли парковка?', 'Да, на парковке комплекса.')],
    },
  },
};

export const COMMON_TERMS = LL(
  [
    'Prices are per person unless the option is priced per vehicle or per boat.',
    'Guests must show the voucher on a phone or printed, with a photo ID.',
  ],
  [
    'Цены указаны за человека, если опция не продаётся за автомобиль или за лодку.',
    'Гости предъявляют ваучер на телефоне или распечатанный, вместе с документом с фото.',
  ],
);

export const COMMON_FAQ: Localized<{ question: string; answer: string }[]> = {
  en: [
    qa(
      'Can the booking be cancelled?',
      'Each option shows its cancellation policy. A typical one refunds 100% up to 48 hours before the start and 50% up to 24 hours; later the booking is non-refundable.',
    ),
    qa(
      'What if an option is not instantly confirmed?',
      'The booking is sent as a request and our operators confirm it or suggest an alternative within a few working hours.',
    ),
  ],
  ru: [
    qa(
      'Можно ли отменить бронирование?',
      'У каждой опции свои условия отмены. Обычно при отмене не позднее чем за 48 часов возвращается 100%, не позднее чем за 24 часа — 50%; позже бронь не возвращается.',
    ),
    qa(
      'Что если опция не подтверждается мгновенно?',
      'Бронь уходит как запрос: операторы подтвердят её или предложат альтернативу в течение нескольких рабочих часов.',
    ),
  ],
};

export const pickUpNote = (cityNames: Localized<string[]>): Localized<string> => ({
  en: `Hotel pick-up is included from: ${cityNames.en.join(', ')}. Enter the hotel at checkout; the driver confirms the time the evening before.`,
  ru: `Трансфер включён из отелей: ${cityNames.ru.join(', ')}. Укажите отель при оформлении — водитель подтвердит время накануне вечером.`,
});
