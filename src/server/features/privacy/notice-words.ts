import type { LanguageCode } from '#shared/languages.ts';

/**
 * The default privacy notice in each language (docs/decisions/048), and the words of the page around any
 * notice. `{brand}` and `{days}` are filled in by notice-default.ts.
 */
export interface NoticeWords {
  title: string;
  intro: string;
  keptTitle: string;
  kept: string[];
  whyTitle: string;
  why: string;
  /** Only said where consent is asked (CONSENT=on). */
  consentBasis: string;
  whoTitle: string;
  who: string;
  howLongTitle: string;
  /** With RETENTION_DAYS. */
  keptForDays: string;
  /** Without it: nothing is removed by age. */
  keptUntilErased: string;
  rightsTitle: string;
  rights: string[];
  ownPage: string;
  contactTitle: string;
  contact: string;
  /** The page around the notice. */
  page: { languages: string; home: string; version: string };
}

export const NOTICE_WORDS: Record<LanguageCode, NoticeWords> = {
  en: {
    title: 'Privacy notice',
    intro:
      '{brand} Agency Network matches creators with partner agencies. This notice explains what we keep about you when you apply, why, for how long, who sees it and what you can do about it.',
    keptTitle: 'What we keep',
    kept: [
      'Your application: your name, language, gender, your answers about your experience and goals, your social media handles, anything else you tell us, and the recruiter you chose.',
      'Your contact details: the contact method and the address, username or number you give us.',
      'Your verification photo: the photo of your face you upload, so we can confirm you are a real person and spot duplicate applications.',
      'If we invite you to the second step: your country, age, English level, the pay you expect, your OnlyFans earnings and their screenshot, your content and the photos you send, and your message to agencies.',
      'A record of what happens to your application, and when you agreed to this notice and which version of it you saw.',
    ],
    whyTitle: 'Why we keep it',
    why: 'We use your data only to review your application, to contact you about it and to match you with agencies that fit you. We do not sell it and do not use it for advertising.',
    consentBasis:
      'We process it because you agree to this notice when you apply. You can withdraw your agreement at any time (see your rights below).',
    whoTitle: 'Who sees it',
    who: 'Our team members who review applications. When we put you forward, the partner agencies we introduce you to see the profile we share with them. Our hosting and e-mail providers handle the data only on our behalf.',
    howLongTitle: 'How long we keep it',
    keptForDays:
      'If your application is cancelled, or nobody has reviewed it, it is deleted for good {days} days later. Otherwise we keep it while we work with you, until you erase it or ask us to.',
    keptUntilErased: 'We keep your application while we work with you, until you erase it or ask us to delete it.',
    rightsTitle: 'Your rights',
    rights: [
      'See and download everything we keep about you.',
      'Have anything that is wrong corrected.',
      'Erase your data: your application, your photos and your files are deleted for good.',
      'Withdraw your agreement at any time: we then stop using your data and erase it. What was done before stays lawful.',
      'Complain to the data protection authority where you live.',
    ],
    ownPage:
      'After you apply, we send you a private link to your own page. With it you can download your data or erase it yourself at any time. Keep it to yourself: anyone with the link can do the same.',
    contactTitle: 'Contact',
    contact:
      'To ask about your data or to use any of these rights, reply to any message from our team or ask the recruiter who invited you. We answer within one month.',
    page: { languages: 'Language', home: 'Back to {brand}', version: 'Version {version}' },
  },
  es: {
    title: 'Aviso de privacidad',
    intro:
      '{brand} Agency Network conecta a creadoras con agencias asociadas. Este aviso explica qué datos guardamos cuando envías tu solicitud, para qué, durante cuánto tiempo, quién los ve y qué puedes hacer al respecto.',
    keptTitle: 'Qué guardamos',
    kept: [
      'Tu solicitud: tu nombre, idioma, género, tus respuestas sobre tu experiencia y tus objetivos, tus redes sociales, todo lo demás que nos cuentes y el reclutador que elegiste.',
      'Tus datos de contacto: el medio de contacto y la dirección, el usuario o el número que nos das.',
      'Tu foto de verificación: la foto de tu cara que subes, para confirmar que eres una persona real y detectar solicitudes duplicadas.',
      'Si te invitamos a la segunda etapa: tu país, edad, nivel de inglés, lo que esperas ganar, tus ingresos en OnlyFans y su captura de pantalla, tu contenido y las fotos que envíes, y tu mensaje para las agencias.',
      'Un registro de lo que pasa con tu solicitud, y de cuándo aceptaste este aviso y qué versión viste.',
    ],
    whyTitle: 'Para qué lo guardamos',
    why: 'Usamos tus datos solo para revisar tu solicitud, contactarte sobre ella y conectarte con agencias que encajen contigo. No los vendemos ni los usamos para publicidad.',
    consentBasis:
      'Los tratamos porque aceptas este aviso al enviar tu solicitud. Puedes retirar tu consentimiento en cualquier momento (consulta tus derechos más abajo).',
    whoTitle: 'Quién los ve',
    who: 'Las personas de nuestro equipo que revisan las solicitudes. Cuando te presentamos, las agencias asociadas a las que te presentamos ven el perfil que compartimos con ellas. Nuestros proveedores de alojamiento y correo electrónico tratan los datos solo por encargo nuestro.',
    howLongTitle: 'Durante cuánto tiempo',
    keptForDays:
      'Si tu solicitud se cancela, o nadie la ha revisado, se elimina definitivamente {days} días después. Si no, la guardamos mientras trabajamos contigo, hasta que la borres o nos pidas que lo hagamos.',
    keptUntilErased:
      'Guardamos tu solicitud mientras trabajamos contigo, hasta que la borres o nos pidas que la eliminemos.',
    rightsTitle: 'Tus derechos',
    rights: [
      'Ver y descargar todo lo que guardamos sobre ti.',
      'Pedir que corrijamos lo que esté mal.',
      'Borrar tus datos: tu solicitud, tus fotos y tus archivos se eliminan definitivamente.',
      'Retirar tu consentimiento en cualquier momento: dejamos de usar tus datos y los borramos. Lo hecho antes sigue siendo lícito.',
      'Presentar una reclamación ante la autoridad de protección de datos de tu país.',
    ],
    ownPage:
      'Después de enviar tu solicitud te mandamos un enlace privado a tu propia página. Con él puedes descargar tus datos o borrarlos tú misma cuando quieras. No lo compartas: cualquiera que tenga el enlace puede hacer lo mismo.',
    contactTitle: 'Contacto',
    contact:
      'Para preguntar por tus datos o ejercer cualquiera de estos derechos, responde a cualquier mensaje de nuestro equipo o pregunta al reclutador que te invitó. Respondemos en un plazo de un mes.',
    page: { languages: 'Idioma', home: 'Volver a {brand}', version: 'Versión {version}' },
  },
  pt: {
    title: 'Aviso de privacidade',
    intro:
      'A {brand} Agency Network conecta criadoras a agências parceiras. Este aviso explica quais dados guardamos quando você se candidata, para quê, por quanto tempo, quem os vê e o que você pode fazer a respeito.',
    keptTitle: 'O que guardamos',
    kept: [
      'Sua candidatura: seu nome, idioma, gênero, suas respostas sobre sua experiência e seus objetivos, suas redes sociais, tudo o que mais você nos contar e o recrutador que você escolheu.',
      'Seus dados de contato: a forma de contato e o endereço, usuário ou número que você nos informa.',
      'Sua foto de verificação: a foto do seu rosto que você envia, para confirmarmos que você é uma pessoa real e identificarmos candidaturas duplicadas.',
      'Se convidarmos você para a segunda etapa: seu país, idade, nível de inglês, quanto você espera ganhar, seus ganhos no OnlyFans e a captura de tela deles, seu conteúdo e as fotos que você enviar, e sua mensagem para as agências.',
      'Um registro do que acontece com sua candidatura, e de quando você aceitou este aviso e qual versão dele viu.',
    ],
    whyTitle: 'Por que guardamos',
    why: 'Usamos seus dados apenas para analisar sua candidatura, entrar em contato sobre ela e conectar você a agências que combinem com você. Não os vendemos nem os usamos para publicidade.',
    consentBasis:
      'Tratamos seus dados porque você aceita este aviso ao se candidatar. Você pode retirar seu consentimento a qualquer momento (veja seus direitos abaixo).',
    whoTitle: 'Quem vê',
    who: 'As pessoas da nossa equipe que analisam as candidaturas. Quando apresentamos você, as agências parceiras a quem você é apresentada veem o perfil que compartilhamos com elas. Nossos provedores de hospedagem e de e-mail tratam os dados apenas em nosso nome.',
    howLongTitle: 'Por quanto tempo',
    keptForDays:
      'Se sua candidatura for cancelada, ou ninguém a tiver analisado, ela é apagada definitivamente {days} dias depois. Caso contrário, nós a guardamos enquanto trabalhamos com você, até você apagá-la ou nos pedir para fazer isso.',
    keptUntilErased:
      'Guardamos sua candidatura enquanto trabalhamos com você, até você apagá-la ou nos pedir para excluí-la.',
    rightsTitle: 'Seus direitos',
    rights: [
      'Ver e baixar tudo o que guardamos sobre você.',
      'Pedir a correção do que estiver errado.',
      'Apagar seus dados: sua candidatura, suas fotos e seus arquivos são excluídos definitivamente.',
      'Retirar seu consentimento a qualquer momento: paramos de usar seus dados e os apagamos. O que foi feito antes continua lícito.',
      'Apresentar uma reclamação à autoridade de proteção de dados do seu país.',
    ],
    ownPage:
      'Depois que você se candidata, enviamos um link privado para a sua própria página. Com ele, você pode baixar seus dados ou apagá-los você mesma quando quiser. Não compartilhe o link: qualquer pessoa que o tenha pode fazer o mesmo.',
    contactTitle: 'Contato',
    contact:
      'Para perguntar sobre seus dados ou exercer qualquer um desses direitos, responda a qualquer mensagem da nossa equipe ou fale com o recrutador que convidou você. Respondemos em até um mês.',
    page: { languages: 'Idioma', home: 'Voltar para {brand}', version: 'Versão {version}' },
  },
  de: {
    title: 'Datenschutzhinweis',
    intro:
      '{brand} Agency Network bringt Creatorinnen mit Partneragenturen zusammen. Dieser Hinweis erklärt, welche Daten wir bei deiner Bewerbung speichern, wozu, wie lange, wer sie sieht und was du tun kannst.',
    keptTitle: 'Was wir speichern',
    kept: [
      'Deine Bewerbung: deinen Namen, deine Sprache, dein Geschlecht, deine Antworten zu Erfahrung und Zielen, deine Social-Media-Namen, alles, was du uns sonst noch erzählst, und den Recruiter, den du gewählt hast.',
      'Deine Kontaktdaten: den Kontaktweg und die Adresse, den Benutzernamen oder die Nummer, die du uns gibst.',
      'Dein Verifizierungsfoto: das Foto deines Gesichts, das du hochlädst, damit wir sehen, dass du eine echte Person bist, und doppelte Bewerbungen erkennen.',
      'Wenn wir dich zur zweiten Stufe einladen: dein Land, dein Alter, dein Englischniveau, deine Verdienstvorstellung, deine OnlyFans-Einnahmen und den Screenshot dazu, deine Inhalte und die Fotos, die du schickst, und deine Nachricht an die Agenturen.',
      'Einen Verlauf dessen, was mit deiner Bewerbung geschieht, und wann du diesem Hinweis zugestimmt hast und welche Fassung du gesehen hast.',
    ],
    whyTitle: 'Wozu wir sie speichern',
    why: 'Wir nutzen deine Daten nur, um deine Bewerbung zu prüfen, dich dazu zu kontaktieren und dich mit passenden Agenturen zusammenzubringen. Wir verkaufen sie nicht und nutzen sie nicht für Werbung.',
    consentBasis:
      'Wir verarbeiten sie, weil du diesem Hinweis bei deiner Bewerbung zustimmst. Du kannst deine Einwilligung jederzeit widerrufen (siehe deine Rechte unten).',
    whoTitle: 'Wer sie sieht',
    who: 'Die Mitglieder unseres Teams, die Bewerbungen prüfen. Wenn wir dich vorstellen, sehen die Partneragenturen, denen wir dich vorstellen, das Profil, das wir mit ihnen teilen. Unsere Hosting- und E-Mail-Dienstleister verarbeiten die Daten nur in unserem Auftrag.',
    howLongTitle: 'Wie lange wir sie speichern',
    keptForDays:
      'Wird deine Bewerbung abgebrochen oder hat sie niemand geprüft, wird sie {days} Tage später endgültig gelöscht. Sonst speichern wir sie, solange wir mit dir zusammenarbeiten, bis du sie löschst oder uns darum bittest.',
    keptUntilErased:
      'Wir speichern deine Bewerbung, solange wir mit dir zusammenarbeiten, bis du sie löschst oder uns bittest, sie zu löschen.',
    rightsTitle: 'Deine Rechte',
    rights: [
      'Alles einsehen und herunterladen, was wir über dich speichern.',
      'Falsche Angaben berichtigen lassen.',
      'Deine Daten löschen: deine Bewerbung, deine Fotos und deine Dateien werden endgültig gelöscht.',
      'Deine Einwilligung jederzeit widerrufen: Wir nutzen deine Daten dann nicht mehr und löschen sie. Was vorher geschah, bleibt rechtmäßig.',
      'Dich bei der Datenschutzbehörde deines Landes beschweren.',
    ],
    ownPage:
      'Nach deiner Bewerbung schicken wir dir einen privaten Link zu deiner eigenen Seite. Damit kannst du deine Daten jederzeit selbst herunterladen oder löschen. Behalte ihn für dich: Wer den Link hat, kann dasselbe tun.',
    contactTitle: 'Kontakt',
    contact:
      'Wenn du Fragen zu deinen Daten hast oder eines dieser Rechte nutzen möchtest, antworte auf eine Nachricht unseres Teams oder frag den Recruiter, der dich eingeladen hat. Wir antworten innerhalb eines Monats.',
    page: { languages: 'Sprache', home: 'Zurück zu {brand}', version: 'Fassung {version}' },
  },
  ru: {
    title: 'Уведомление о конфиденциальности',
    intro:
      '{brand} Agency Network помогает авторам найти агентства-партнёры. Здесь рассказано, какие данные мы храним, когда вы подаёте заявку, зачем, как долго, кто их видит и что вы можете с ними сделать.',
    keptTitle: 'Что мы храним',
    kept: [
      'Вашу заявку: имя, язык, пол, ответы о вашем опыте и целях, аккаунты в соцсетях, всё, что вы ещё о себе расскажете, и выбранного рекрутера.',
      'Ваши контакты: способ связи и адрес, имя пользователя или номер, которые вы указали.',
      'Ваше фото для проверки: фото вашего лица, которое вы загружаете, чтобы мы убедились, что вы реальный человек, и находили повторные заявки.',
      'Если мы пригласим вас на второй этап: страну, возраст, уровень английского, ожидаемый доход, ваш доход на OnlyFans и его скриншот, ваш контент и присланные фото, а также ваше сообщение агентствам.',
      'Историю того, что происходит с вашей заявкой, а также когда вы согласились с этим уведомлением и какую его версию видели.',
    ],
    whyTitle: 'Зачем мы их храним',
    why: 'Мы используем ваши данные только для того, чтобы рассмотреть заявку, связаться с вами по ней и подобрать подходящие вам агентства. Мы не продаём их и не используем для рекламы.',
    consentBasis:
      'Мы обрабатываем их, потому что вы соглашаетесь с этим уведомлением, когда подаёте заявку. Вы можете отозвать согласие в любой момент (см. ваши права ниже).',
    whoTitle: 'Кто их видит',
    who: 'Сотрудники нашей команды, которые рассматривают заявки. Когда мы вас рекомендуем, агентства-партнёры, которым мы вас представляем, видят профиль, которым мы с ними делимся. Наши хостинг- и почтовые провайдеры обрабатывают данные только по нашему поручению.',
    howLongTitle: 'Как долго мы их храним',
    keptForDays:
      'Если заявка отменена или её никто не рассмотрел, она безвозвратно удаляется через {days} дн. В остальных случаях мы храним её, пока работаем с вами, — до тех пор, пока вы её не удалите или не попросите нас об этом.',
    keptUntilErased:
      'Мы храним вашу заявку, пока работаем с вами, — до тех пор, пока вы её не удалите или не попросите нас её удалить.',
    rightsTitle: 'Ваши права',
    rights: [
      'Посмотреть и скачать всё, что мы о вас храним.',
      'Попросить исправить неверные данные.',
      'Удалить свои данные: заявка, фото и файлы удаляются безвозвратно.',
      'Отозвать согласие в любой момент: мы перестанем использовать ваши данные и удалим их. Всё, что было сделано до этого, остаётся законным.',
      'Подать жалобу в орган по защите данных вашей страны.',
    ],
    ownPage:
      'После подачи заявки мы присылаем вам личную ссылку на вашу собственную страницу. По ней вы в любой момент можете сами скачать или удалить свои данные. Никому её не передавайте: любой, у кого есть ссылка, может сделать то же самое.',
    contactTitle: 'Контакты',
    contact:
      'Чтобы задать вопрос о своих данных или воспользоваться любым из этих прав, ответьте на любое сообщение нашей команды или обратитесь к рекрутеру, который вас пригласил. Мы отвечаем в течение месяца.',
    page: { languages: 'Язык', home: 'Вернуться на {brand}', version: 'Версия {version}' },
  },
  fr: {
    title: 'Politique de confidentialité',
    intro:
      '{brand} Agency Network met les créatrices en relation avec des agences partenaires. Cette page explique quelles données nous conservons lorsque vous postulez, pourquoi, combien de temps, qui les voit et ce que vous pouvez faire.',
    keptTitle: 'Ce que nous conservons',
    kept: [
      'Votre candidature : votre nom, votre langue, votre genre, vos réponses sur votre expérience et vos objectifs, vos réseaux sociaux, tout ce que vous nous dites d’autre et le recruteur que vous avez choisi.',
      'Vos coordonnées : le moyen de contact et l’adresse, le nom d’utilisateur ou le numéro que vous nous donnez.',
      'Votre photo de vérification : la photo de votre visage que vous envoyez, pour confirmer que vous êtes une personne réelle et repérer les candidatures en double.',
      'Si nous vous invitons à la deuxième étape : votre pays, votre âge, votre niveau d’anglais, la rémunération que vous attendez, vos revenus OnlyFans et leur capture d’écran, votre contenu et les photos que vous envoyez, ainsi que votre message aux agences.',
      'Un historique de ce qui arrive à votre candidature, ainsi que la date à laquelle vous avez accepté cette politique et la version que vous avez vue.',
    ],
    whyTitle: 'Pourquoi nous les conservons',
    why: 'Nous utilisons vos données uniquement pour étudier votre candidature, vous contacter à son sujet et vous mettre en relation avec des agences qui vous correspondent. Nous ne les vendons pas et ne les utilisons pas à des fins publicitaires.',
    consentBasis:
      'Nous les traitons parce que vous acceptez cette politique en postulant. Vous pouvez retirer votre consentement à tout moment (voir vos droits ci-dessous).',
    whoTitle: 'Qui les voit',
    who: 'Les membres de notre équipe qui étudient les candidatures. Lorsque nous vous recommandons, les agences partenaires auxquelles nous vous présentons voient le profil que nous partageons avec elles. Nos prestataires d’hébergement et d’e-mail traitent les données uniquement pour notre compte.',
    howLongTitle: 'Combien de temps',
    keptForDays:
      'Si votre candidature est annulée, ou si personne ne l’a étudiée, elle est supprimée définitivement {days} jours plus tard. Sinon, nous la conservons tant que nous travaillons avec vous, jusqu’à ce que vous l’effaciez ou que vous nous le demandiez.',
    keptUntilErased:
      'Nous conservons votre candidature tant que nous travaillons avec vous, jusqu’à ce que vous l’effaciez ou que vous nous demandiez de la supprimer.',
    rightsTitle: 'Vos droits',
    rights: [
      'Consulter et télécharger tout ce que nous conservons à votre sujet.',
      'Faire corriger ce qui est inexact.',
      'Effacer vos données : votre candidature, vos photos et vos fichiers sont supprimés définitivement.',
      'Retirer votre consentement à tout moment : nous cessons alors d’utiliser vos données et les effaçons. Ce qui a été fait auparavant reste licite.',
      'Déposer une réclamation auprès de l’autorité de protection des données de votre pays.',
    ],
    ownPage:
      'Après votre candidature, nous vous envoyons un lien privé vers votre propre page. Grâce à lui, vous pouvez télécharger vos données ou les effacer vous-même à tout moment. Gardez-le pour vous : toute personne qui a ce lien peut faire de même.',
    contactTitle: 'Contact',
    contact:
      'Pour poser une question sur vos données ou exercer l’un de ces droits, répondez à n’importe quel message de notre équipe ou adressez-vous au recruteur qui vous a invitée. Nous répondons dans un délai d’un mois.',
    page: { languages: 'Langue', home: 'Retour à {brand}', version: 'Version {version}' },
  },
};
