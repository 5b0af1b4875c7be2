import type { LanguageCode } from '@civitas/contract';

type Template = (code: string, minutes: number) => { subject: string; text: string };
type Templates = Record<'verifyEmail' | 'resetPassword', Template>;

/** Emails in the citizen's language (the six of the interface). */
const templates: Record<LanguageCode, Templates> = {
  en: {
    verifyEmail: (code, minutes) => ({
      subject: `Your Civitas code: ${code}`,
      text: `Welcome to Civitas!\n\nYour verification code is ${code}. It expires in ${minutes} minutes.\n\nIf you did not sign up, ignore this email.`,
    }),
    resetPassword: (code, minutes) => ({
      subject: `Reset your Civitas password: ${code}`,
      text: `Your password reset code is ${code}. It expires in ${minutes} minutes.\n\nIf you did not ask for it, ignore this email: your password stays as it is.`,
    }),
  },
  de: {
    verifyEmail: (code, minutes) => ({
      subject: `Dein Civitas-Code: ${code}`,
      text: `Willkommen bei Civitas!\n\nDein Bestätigungscode lautet ${code}. Er läuft in ${minutes} Minuten ab.\n\nWenn du dich nicht registriert hast, ignoriere diese E-Mail.`,
    }),
    resetPassword: (code, minutes) => ({
      subject: `Civitas-Passwort zurücksetzen: ${code}`,
      text: `Dein Code zum Zurücksetzen des Passworts lautet ${code}. Er läuft in ${minutes} Minuten ab.\n\nWenn du ihn nicht angefordert hast, ignoriere diese E-Mail: Dein Passwort bleibt unverändert.`,
    }),
  },
  es: {
    verifyEmail: (code, minutes) => ({
      subject: `Tu código de Civitas: ${code}`,
      text: `¡Te damos la bienvenida a Civitas!\n\nTu código de verificación es ${code}. Caduca en ${minutes} minutos.\n\nSi no te has registrado, ignora este correo.`,
    }),
    resetPassword: (code, minutes) => ({
      subject: `Restablece tu contraseña de Civitas: ${code}`,
      text: `Tu código para restablecer la contraseña es ${code}. Caduca en ${minutes} minutos.\n\nSi no lo has pedido, ignora este correo: tu contraseña no cambia.`,
    }),
  },
  fr: {
    verifyEmail: (code, minutes) => ({
      subject: `Votre code Civitas : ${code}`,
      text: `Bienvenue sur Civitas !\n\nVotre code de vérification est ${code}. Il expire dans ${minutes} minutes.\n\nSi vous ne vous êtes pas inscrit, ignorez cet e-mail.`,
    }),
    resetPassword: (code, minutes) => ({
      subject: `Réinitialisez votre mot de passe Civitas : ${code}`,
      text: `Votre code de réinitialisation est ${code}. Il expire dans ${minutes} minutes.\n\nSi vous ne l’avez pas demandé, ignorez cet e-mail : votre mot de passe reste inchangé.`,
    }),
  },
  hi: {
    verifyEmail: (code, minutes) => ({
      subject: `आपका Civitas कोड: ${code}`,
      text: `Civitas में आपका स्वागत है!\n\nआपका सत्यापन कोड ${code} है। यह ${minutes} मिनट में समाप्त हो जाएगा।\n\nअगर आपने साइन अप नहीं किया है, तो इस ईमेल को अनदेखा करें।`,
    }),
    resetPassword: (code, minutes) => ({
      subject: `अपना Civitas पासवर्ड रीसेट करें: ${code}`,
      text: `आपका पासवर्ड रीसेट कोड ${code} है। यह ${minutes} मिनट में समाप्त हो जाएगा।\n\nअगर आपने यह नहीं माँगा, तो इस ईमेल को अनदेखा करें: आपका पासवर्ड नहीं बदलेगा।`,
    }),
  },
  it: {
    verifyEmail: (code, minutes) => ({
      subject: `Il tuo codice Civitas: ${code}`,
      text: `Benvenuto su Civitas!\n\nIl tuo codice di verifica è ${code}. Scade tra ${minutes} minuti.\n\nSe non ti sei registrato, ignora questa email.`,
    }),
    resetPassword: (code, minutes) => ({
      subject: `Reimposta la password di Civitas: ${code}`,
      text: `Il tuo codice per reimpostare la password è ${code}. Scade tra ${minutes} minuti.\n\nSe non l’hai richiesto, ignora questa email: la tua password resta invariata.`,
    }),
  },
};

export const mailTemplate = (language: string, kind: keyof Templates): Template =>
  (language in templates ? templates[language as LanguageCode] : templates.en)[kind];
