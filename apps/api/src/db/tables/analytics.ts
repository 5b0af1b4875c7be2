export interface AnalyticsEventsTable {
  id: string;
  event_name: string;
  citizen_id: string | null;
  guest_id: string | null;
  /** The event's JSON, as sent. */
  payload: string;
  created_at: number;
}
