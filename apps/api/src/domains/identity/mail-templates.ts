import type { LanguageCode } from '@civitas/contract';

/** A mail around its secret (a verification code, or a reset link) and the minutes it stays valid. */
type Template = (secret: string, minutes: number) => { subject: string; text: string };
type Templates = Record<'verifyEmail' | 'resetPassword', Template>;

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
  },
};

export const mailTemplate = (language: string, kind: keyof Templates): Template =>
  (language in templates ? templates[language as LanguageCode] : templates.en)[kind];
