// /activityticket?code=…: a sign-up's check-in QR opened by a phone's camera – staff check the person in; anyone else reads what it is.
export { TicketPage as Component } from '../../features/events-checkin/pages/ticket-page';
