"""What reaches the players away from the hall, and what the club keeps about them.

A member's e-mail address and their consent to results by e-mail (``consent``); each
finished drive's results sent to those who agreed, off the request path (``mailing``,
``tasks``), with a signed link to stop them in every message (``unsubscribe``); the club's
coming drives as an iCalendar feed and its finished drives as an Atom feed (``feeds``);
one member's data exported, or erased when they never played and anonymised when they
did (``memberdata``); and the organiser's guide. Contact details are shown on the
organisers' pages here and nowhere else. Imports the league, the read model, the evening
and the club rooms; only ``drives.urls`` imports it.
"""
