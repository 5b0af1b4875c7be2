import type { LanguageCode } from '@civitas/contract';

type MailText = { subject: string; text: string };
/** A mail around its secret (a verification code, or a reset link) and the minutes it stays valid. */
type Template = (secret: string, minutes: number) => MailText;
interface Templates {
  verifyEmail: Template;
  resetPassword: Template;
  /** To an account's address when someone signs up with it again (ADR 005: the sign-up is answered alike). */
  signUpNotice: () => MailText;
}

/** Emails in the citizen's language (the six of the interface). */
const templates: Record<LanguageCode, Templates> = {
  en: {
    verifyEmail: (code, minutes) => ({
      subject: `Your Civitas code: ${code}`,
      text: `Welcome to Civitas!\n\nYour verification code is ${code}. It expires in ${minutes} minutes.\n\nIf you did not sign up, ignore this email.`,
    }),
    resetPassword: (link, minutes) => ({
      subject: 'Reset your Civitas password',
      text: `To choose a new password, open this link within ${minutes} minutes:\n\n${link}\n\nIf you did not ask for it, ignore this email: your password stays as it is.`,
    }),
    signUpNotice: () => ({
      subject: 'Civitas: someone tried to sign up with your email',
      text: 'Someone tried to create a Civitas account with this email address. You already have one: sign in, or reset your password if you forgot it.',
    }),
  },
  de: {
    verifyEmail: (code, minutes) => ({
      subject: `Dein Civitas-Code: ${code}`,
      text: `Willkommen bei Civitas!\n\nDein Bestätigungscode lautet ${code}. Er läuft in ${minutes} Minuten ab.\n\nWenn du dich nicht registriert hast, ignoriere diese E-Mail.`,
    }),
    resetPassword: (link, minutes) => ({
      subject: 'Civitas-Passwort zurücksetzen',
      text: `Um ein neues Passwort zu wählen, öffne innerhalb von ${minutes} Minuten diesen Link:\n\n${link}\n\nWenn du ihn nicht angefordert hast, ignoriere diese E-Mail: Dein Passwort bleibt unverändert.`,
    }),
    signUpNotice: () => ({
      subject: 'Civitas: Jemand wollte sich mit deiner E-Mail-Adresse registrieren',
      text: 'Jemand hat versucht, mit dieser E-Mail-Adresse ein Civitas-Konto zu erstellen. Du hast bereits eines: Melde dich an oder setze dein Passwort zurück, falls du es vergessen hast.',
    }),
  },
  es: {
    verifyEmail: (code, minutes) => ({
      subject: `Tu código de Civitas: ${code}`,
      text: `¡Te damos la bienvenida a Civitas!\n\nTu código de verificación es ${code}. Caduca en ${minutes} minutos.\n\nSi no te has registrado, ignora este correo.`,
    }),
    resetPassword: (link, minutes) => ({
      subject: 'Restablece tu contraseña de Civitas',
      text: `Para elegir una contraseña nueva, abre este enlace en los próximos ${minutes} minutos:\n\n${link}\n\nSi no lo has pedido, ignora este correo: tu contraseña no cambia.`,
    }),
    signUpNotice: () => ({
      subject: 'Civitas: alguien intentó registrarse con tu correo',
      text: 'Alguien ha intentado crear una cuenta de Civitas con esta dirección de correo. Ya tienes una: inicia sesión o restablece tu contraseña si la has olvidado.',
    }),
  },
  fr: {
    verifyEmail: (code, minutes) => ({
      subject: `Votre code Civitas : ${code}`,
      text: `Bienvenue sur Civitas !\n\nVotre code de vérification est ${code}. Il expire dans ${minutes} minutes.\n\nSi vous ne vous êtes pas inscrit, ignorez cet e-mail.`,
    }),
    resetPassword: (link, minutes) => ({
      subject: 'Réinitialisez votre mot de passe Civitas',
      text: `Pour choisir un nouveau mot de passe, ouvrez ce lien dans les ${minutes} minutes :\n\n${link}\n\nSi vous ne l’avez pas demandé, ignorez cet e-mail : votre mot de passe reste inchangé.`,
    }),
    signUpNotice: () => ({
      subject: 'Civitas : quelqu’un a essayé de s’inscrire avec votre e-mail',
      text: 'Quelqu’un a essayé de créer un compte Civitas avec cette adresse e-mail. Vous en avez déjà un : connectez-vous, ou réinitialisez votre mot de passe si vous l’avez oublié.',
    }),
  },
  hi: {
    verifyEmail: (code, minutes) => ({
      subject: `आपका Civitas कोड: ${code}`,
      text: `Civitas में आपका स्वागत है!\n\nआपका सत्यापन कोड ${code} है। यह ${minutes} मिनट में समाप्त हो जाएगा।\n\nअगर आपने साइन अप नहीं किया है, तो इस ईमेल को अनदेखा करें।`,
    }),
    resetPassword: (link, minutes) => ({
      subject: 'अपना Civitas पासवर्ड रीसेट करें',
      text: `नया पासवर्ड चुनने के लिए, ${minutes} मिनट के भीतर यह लिंक खोलें:\n\n${link}\n\nअगर आपने यह नहीं माँगा, तो इस ईमेल को अनदेखा करें: आपका पासवर्ड नहीं बदलेगा।`,
    }),
    signUpNotice: () => ({
      subject: 'Civitas: किसी ने आपके ईमेल से साइन अप करने की कोशिश की',
      text: 'किसी ने इस ईमेल पते से Civitas खाता बनाने की कोशिश की। आपका खाता पहले से है: साइन इन करें, या पासवर्ड भूल गए हों तो उसे रीसेट करें।',
    }),
  },
  it: {
    verifyEmail: (code, minutes) => ({
      subject: `Il tuo codice Civitas: ${code}`,
      text: `Benvenuto su Civitas!\n\nIl tuo codice di verifica è ${code}. Scade tra ${minutes} minuti.\n\nSe non ti sei registrato, ignora questa email.`,
    }),
    resetPassword: (link, minutes) => ({
      subject: 'Reimposta la password di Civitas',
      text: `Per scegliere una nuova password, apri questo link entro ${minutes} minuti:\n\n${link}\n\nSe non l’hai richiesto, ignora questa email: la tua password resta invariata.`,
    }),
    signUpNotice: () => ({
      subject: 'Civitas: qualcuno ha provato a registrarsi con la tua email',
      text: 'Qualcuno ha provato a creare un account Civitas con questo indirizzo email. Ne hai già uno: accedi, oppure reimposta la password se l’hai dimenticata.',
    }),
  },
};

export const mailTemplate = <K extends keyof Templates>(language: string, kind: K): Templates[K] =>
  (language in templates ? templates[language as LanguageCode] : templates.en)[kind];
