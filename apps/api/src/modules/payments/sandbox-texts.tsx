// The sandbox pay page's words, in English and Russian (the payer's language); markup where a line carries tags
export const TEXTS = {
  en: {
    badge: 'Sandbox · test mode',
    payByCard: 'Pay by card',
    cardNumber: 'Card number',
    expiry: 'Expiry',
    expiryPlaceholder: 'MM / YY',
    cvc: 'CVC',
    nameOnCard: 'Name on card',
    pay: 'Pay',
    cancel: 'Cancel and return',
    testCards: (
      <>
        <strong>Test cards</strong> (any future expiry date, any 3-digit CVC, any name):
        <br />
        <code>4242 4242 4242 4242</code> succeeds
        <br />
        <code>4000 0000 0000 0002</code> is declined
        <br />
        <code>4000 0000 0000 3220</code> asks for a 3-D Secure confirmation
        <br />
        any other number is rejected as incorrect. No real card is charged.
      </>
    ),
    challengeTitle: '3-D Secure confirmation',
    challengeHeading: 'Confirm this payment',
    challengeText: (last4: string) => (
      <>
        Your bank asks you to confirm the payment with card ending in <strong>{last4}</strong>. This is a test
        confirmation step.
      </>
    ),
    complete: 'Complete',
    fail: 'Fail',
    pending: 'Payment pending',
    succeeded: ['Payment successful', 'This payment is complete; you will not be charged again.'],
    refunded: ['Payment refunded', 'This payment was refunded.'],
    failed: ['Payment failed', 'Nothing was charged. Return to start a new payment.'],
    cancelled: ['Payment cancelled', 'This payment was cancelled. Nothing was charged.'],
    cardEnding: (last4: string) => `Card ending in ${last4}.`,
    back: 'Return',
    notFoundTitle: 'Payment not found',
    notFoundText: 'This payment link is not valid.',
    errorTitle: 'Payment error',
    errorHeading: 'Something went wrong',
    incompleteForm: 'The payment form was incomplete. Go back and try again.',
    walletButton: 'Pay with test wallet',
    orByCard: 'or pay by card',
    walletTitle: 'Test wallet',
    walletClose: 'Close',
    walletContact: 'Your details',
    walletName: 'Full name',
    walletEmail: 'E-mail',
    walletNote:
      'Stands in for Apple Pay and Google Pay: the card in this wallet is the test card 4242. No real wallet is charged.',
  },
  ru: {
    badge: 'Песочница · тестовый режим',
    payByCard: 'Оплата картой',
    cardNumber: 'Номер карты',
    expiry: 'Срок действия',
    expiryPlaceholder: 'ММ / ГГ',
    cvc: 'CVC',
    nameOnCard: 'Имя на карте',
    pay: 'Оплатить',
    cancel: 'Отменить и вернуться',
    testCards: (
      <>
        <strong>Тестовые карты</strong> (любой будущий срок действия, любой трёхзначный CVC, любое имя):
        <br />
        <code>4242 4242 4242 4242</code> — оплата проходит
        <br />
        <code>4000 0000 0000 0002</code> — карта отклонена
        <br />
        <code>4000 0000 0000 3220</code> — нужно подтверждение 3-D Secure
        <br />
        любой другой номер отклоняется как неверный. Настоящие карты не списываются.
      </>
    ),
    challengeTitle: 'Подтверждение 3-D Secure',
    challengeHeading: 'Подтвердите платёж',
    challengeText: (last4: string) => (
      <>
        Банк просит подтвердить платёж картой, оканчивающейся на <strong>{last4}</strong>. Это тестовый шаг
        подтверждения.
      </>
    ),
    complete: 'Подтвердить',
    fail: 'Отказать',
    pending: 'Платёж обрабатывается',
    succeeded: ['Платёж прошёл', 'Платёж завершён; повторно деньги не спишутся.'],
    refunded: ['Платёж возвращён', 'Этот платёж возвращён.'],
    failed: ['Платёж не прошёл', 'Деньги не списаны. Вернитесь, чтобы начать новый платёж.'],
    cancelled: ['Платёж отменён', 'Этот платёж отменён. Деньги не списаны.'],
    cardEnding: (last4: string) => `Карта, оканчивающаяся на ${last4}.`,
    back: 'Вернуться',
    notFoundTitle: 'Платёж не найден',
    notFoundText: 'Эта ссылка на оплату недействительна.',
    errorTitle: 'Ошибка оплаты',
    errorHeading: 'Что-то пошло не так',
    incompleteForm: 'Форма оплаты заполнена не полностью. Вернитесь и попробуйте снова.',
    walletButton: 'Оплатить тестовым кошельком',
    orByCard: 'или оплатите картой',
    walletTitle: 'Тестовый кошелёк',
    walletClose: 'Закрыть',
    walletContact: 'Ваши данные',
    walletName: 'Имя и фамилия',
    walletEmail: 'Эл. почта',
    walletNote:
      'Заменяет Apple Pay и Google Pay: в этом кошельке тестовая карта 4242. Настоящий кошелёк не списывается.',
  },
} as const;
