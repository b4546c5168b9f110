import type { LanguageCode } from '#shared/languages.ts';

/** The e-mails applicants receive, in each interface language (decision 024); `{brand}` and `{name}` are filled in. */
interface ApplicantTexts {
  confirmationSubject: string;
  confirmationBody: string;
  stage2Subject: string;
  stage2Body: string;
  stage2Expires: string;
  /** Above the link to her own page in the confirmation (decision 047). */
  pageIntro: string;
  yourId: string;
}

export const APPLICANT_TEXTS: Record<LanguageCode, ApplicantTexts> = {
  en: {
    confirmationSubject: 'We received your application to {brand}',
    confirmationBody: 'Hi {name},\n\nThank you for applying! A team member will contact you within 24-48 hours.',
    stage2Subject: 'Your next step with {brand}',
    stage2Body: 'Hi {name},\n\nPlease complete the second part of your application here:',
    stage2Expires: 'The link works until {date}.',
    pageIntro:
      'Follow your application, withdraw it, or download or erase your data on your own page (keep this link private):',
    yourId: 'Your Creator ID: {creatorId}',
  },
  es: {
    confirmationSubject: 'Hemos recibido tu solicitud en {brand}',
    confirmationBody:
      'Hola {name}:\n\n¡Gracias por postularte! Un miembro del equipo te contactará en un plazo de 24-48 horas.',
    stage2Subject: 'Tu siguiente paso con {brand}',
    stage2Body: 'Hola {name}:\n\nCompleta la segunda parte de tu solicitud aquí:',
    stage2Expires: 'El enlace funciona hasta el {date}.',
    pageIntro:
      'Sigue tu solicitud, retírala o descarga o borra tus datos en tu página personal (no compartas este enlace):',
    yourId: 'Tu ID de creador: {creatorId}',
  },
  pt: {
    confirmationSubject: 'Recebemos sua candidatura na {brand}',
    confirmationBody:
      'Olá, {name},\n\nObrigado por se candidatar! Um membro da equipe entrará em contato com você em 24-48 horas.',
    stage2Subject: 'Seu próximo passo com a {brand}',
    stage2Body: 'Olá, {name},\n\nConclua a segunda parte da sua candidatura aqui:',
    stage2Expires: 'O link funciona até {date}.',
    pageIntro:
      'Acompanhe sua candidatura, retire-a ou baixe ou apague seus dados na sua página pessoal (não compartilhe este link):',
    yourId: 'Seu ID de criador: {creatorId}',
  },
  de: {
    confirmationSubject: 'Deine Bewerbung bei {brand} ist eingegangen',
    confirmationBody:
      'Hallo {name},\n\ndanke für deine Bewerbung! Innerhalb von 24-48 Stunden meldet sich jemand aus unserem Team bei dir.',
    stage2Subject: 'Dein nächster Schritt mit {brand}',
    stage2Body: 'Hallo {name},\n\nbitte fülle hier den zweiten Teil deiner Bewerbung aus:',
    stage2Expires: 'Der Link gilt bis {date}.',
    pageIntro:
      'Auf deiner eigenen Seite kannst du deine Bewerbung verfolgen, zurückziehen oder deine Daten herunterladen oder löschen (gib diesen Link nicht weiter):',
    yourId: 'Deine Creator-ID: {creatorId}',
  },
  ru: {
    confirmationSubject: 'Мы получили вашу заявку в {brand}',
    confirmationBody:
      'Здравствуйте, {name}!\n\nСпасибо за заявку! Наш специалист свяжется с вами в течение 24-48 часов.',
    stage2Subject: 'Следующий шаг с {brand}',
    stage2Body: 'Здравствуйте, {name}!\n\nЗаполните, пожалуйста, вторую часть заявки по ссылке:',
    stage2Expires: 'Ссылка действует до {date}.',
    pageIntro:
      'На вашей личной странице можно следить за заявкой, отозвать её, скачать или удалить свои данные (никому не передавайте эту ссылку):',
    yourId: 'Ваш ID автора: {creatorId}',
  },
  fr: {
    confirmationSubject: 'Nous avons bien reçu votre candidature chez {brand}',
    confirmationBody:
      'Bonjour {name},\n\nMerci pour votre candidature ! Un membre de l’équipe vous contactera sous 24-48 heures.',
    stage2Subject: 'Votre prochaine étape avec {brand}',
    stage2Body: 'Bonjour {name},\n\nVeuillez compléter la deuxième partie de votre candidature ici :',
    stage2Expires: 'Le lien est valable jusqu’au {date}.',
    pageIntro:
      'Suivez votre candidature, retirez-la, ou téléchargez ou effacez vos données sur votre page personnelle (gardez ce lien pour vous) :',
    yourId: 'Votre identifiant créateur : {creatorId}',
  },
};
