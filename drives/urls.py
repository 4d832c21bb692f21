from django.urls import path
from django.views.decorators.http import require_safe

from drives.accounts import views as accounts
from drives.backup import publishing
from drives.backup import views as backup
from drives.boards import urls as boards_urls
from drives.club import views as players
from drives.evening.views import drive_page, organise, repairs, rounds, standings, stays
from drives.league.views import clubs, league, seasons
from drives.money import views as money
from drives.paper import views as paper
from drives.printing import views as pdf
from drives.reach import feeds
from drives.reach import views as reach
from drives.tableside.views import hall, offline, organiser, table

app_name = "drives"
SEASON = {"owner": "season"}  # the sheet pages under a season: its league table

urlpatterns = [
    *boards_urls.urlpatterns,
    path("", clubs.home, name="home"),
    path("import-club/", backup.club_import, name="club_import"),
    path("clubs/<slug:slug>/", clubs.club, name="club"),
    path("clubs/<slug:slug>/settings/", accounts.club_settings, name="club_settings"),
    path("clubs/<slug:slug>/team/", accounts.team, name="team"),
    path("clubs/<slug:slug>/publish/", publishing.drive_publish, name="drive_publish"),
    path(
        "clubs/<slug:slug>/publish/settings/",
        publishing.publishing_settings,
        name="publishing_settings",
    ),
    path("publish/", publishing.publish_with_key, name="publish_with_key"),
    path("drives/<int:pk>/drive-file.json", publishing.drive_file_download, name="drive_file"),
    path("drives/<int:pk>/publish/", publishing.drive_send, name="drive_send"),
    path("clubs/<slug:slug>/team/change/", accounts.team_change, name="team_change"),
    path("clubs/<slug:slug>/players/", players.player_list, name="player_list"),
    path("clubs/<slug:slug>/players/new/", players.player_add, name="player_add"),
    path("clubs/<slug:slug>/players/import/", players.player_import, name="player_import"),
    path("players/<int:pk>/", league.player, name="player"),
    path("players/<int:pk>/edit/", players.player_edit, name="player_edit"),
    path("clubs/<slug:slug>/seasons/new/", seasons.season_new, name="season_new"),
    path("seasons/<int:pk>/", league.season, name="season"),
    path("seasons/<int:pk>/edit/", seasons.season_edit, name="season_edit"),
    path("seasons/<int:pk>/league.csv", league.league_csv, name="league_csv"),
    path("seasons/<int:pk>/league.pdf", pdf.league_pdf, name="league_pdf"),
    path("seasons/<int:pk>/accounts.csv", money.season_accounts_csv, name="season_accounts_csv"),
    path("seasons/<int:pk>/sheets/<int:sheet_pk>/", pdf.sheet_page, SEASON, name="season_sheet"),
    path(
        "seasons/<int:pk>/sheets/<int:sheet_pk>/status/",
        pdf.sheet_status,
        SEASON,
        name="season_sheet_status",
    ),
    path(
        "seasons/<int:pk>/sheets/<int:sheet_pk>/file/",
        pdf.sheet_download,
        SEASON,
        name="season_sheet_file",
    ),
    path(
        "seasons/<int:pk>/sheets/<int:sheet_pk>/retry/",
        pdf.sheet_retry,
        SEASON,
        name="season_sheet_retry",
    ),
    path("clubs/<slug:slug>/drives/new/", organise.drive_new, name="drive_new"),
    path("drives/<int:pk>/", drive_page.drive, name="drive"),
    path("drives/<int:pk>/edit/", organise.drive_edit, name="drive_edit"),
    path("drives/<int:pk>/delete/", organise.drive_delete, name="drive_delete"),
    path("drives/<int:pk>/check-in/", organise.check_in, name="check_in"),
    path("drives/<int:pk>/walk-in/", organise.walk_in, name="walk_in"),
    path("drives/<int:pk>/stays/", stays.stays, name="stays"),
    path("drives/<int:pk>/late-arrival/", organise.late_arrival, name="late_arrival"),
    path("drives/<int:pk>/entries/<int:entry_pk>/withdraw/", organise.withdraw, name="withdraw"),
    path(
        "drives/<int:pk>/entries/<int:entry_pk>/withdraw/undo/",
        organise.withdraw_undo,
        name="withdraw_undo",
    ),
    path("drives/<int:pk>/start/", organise.start, name="start"),
    path("drives/<int:pk>/rounds/next/", organise.advance, name="advance"),
    path("drives/<int:pk>/rounds/<int:number>/", rounds.round_page, name="round"),
    path("drives/<int:pk>/repair/", repairs.repair_latest, name="repair_latest"),
    path("drives/<int:pk>/rounds/<int:number>/repair/", repairs.repair_page, name="repair"),
    path("drives/<int:pk>/finish/", organise.finish, name="finish"),
    path("drives/<int:pk>/reopen/", organise.reopen, name="reopen"),
    path("drives/<int:pk>/standings/show/", organise.standings_show, name="standings_show"),
    path("drives/<int:pk>/cancel/", organise.cancel, name="cancel"),
    path("drives/<int:pk>/restore/", organise.restore, name="restore"),
    path("drives/<int:pk>/standings/", standings.standings, name="standings"),
    path("drives/<int:pk>/standings.csv", standings.standings_csv, name="standings_csv"),
    path("drives/<int:pk>/results.csv", standings.results_csv, name="results_csv"),
    path("drives/<int:pk>/money/", money.money_page, name="money"),
    path("drives/<int:pk>/money/setup/", money.money_setup, name="money_setup"),
    path("drives/<int:pk>/money/fees/<int:entry_pk>/", money.fee_save, name="money_fee"),
    path("drives/<int:pk>/money/lines/", money.line_add, name="money_line_add"),
    path(
        "drives/<int:pk>/money/lines/<int:line_pk>/remove/",
        money.line_remove,
        name="money_line_remove",
    ),
    path("drives/<int:pk>/money/draw/", money.consolation_draw, name="money_draw"),
    path("drives/<int:pk>/cash.pdf", pdf.cash_pdf, name="cash_pdf"),
    path("drives/<int:pk>/totals/", paper.totals, name="paper_totals"),
    path("drives/<int:pk>/totals/card/", paper.card_save, name="paper_card"),
    path("drives/<int:pk>/totals/settle/", paper.settle, name="paper_settle"),
    path("drives/<int:pk>/totals/finish/", paper.finish, name="paper_finish"),
    path("drives/<int:pk>/scorecards.pdf", pdf.scorecards_pdf, name="scorecards_pdf"),
    path("drives/<int:pk>/table-cards.pdf", pdf.table_cards_pdf, name="table_cards_pdf"),
    path("drives/<int:pk>/table-cards-qr.pdf", pdf.table_cards_qr_pdf, name="table_cards_qr_pdf"),
    path("drives/<int:pk>/results.pdf", pdf.results_pdf, name="results_pdf"),
    path("drives/<int:pk>/blank-pack.pdf", pdf.blank_pack_pdf, name="blank_pack_pdf"),
    path("drives/<int:pk>/sheets/<int:sheet_pk>/", pdf.sheet_page, name="sheet"),
    path("drives/<int:pk>/sheets/<int:sheet_pk>/status/", pdf.sheet_status, name="sheet_status"),
    path("drives/<int:pk>/sheets/<int:sheet_pk>/file/", pdf.sheet_download, name="sheet_file"),
    path("drives/<int:pk>/sheets/<int:sheet_pk>/retry/", pdf.sheet_retry, name="sheet_retry"),
    # A table's own page, opened by its secret link (the short link printed on the card).
    path("t/<str:token>/", table.table_page, name="table_page"),
    path("t/<str:token>/enter/", table.table_enter, name="table_enter"),
    path("t/<str:token>/confirm/", table.table_confirm, name="table_confirm"),
    path("t/<str:token>/live/", table.table_live, name="table_live"),
    path("drives/<int:pk>/tables/", organiser.dashboard, name="tableside_dashboard"),
    path("drives/<int:pk>/tables/live/", organiser.dashboard_tiles, name="tableside_tiles"),
    path("drives/<int:pk>/tables/settle/", organiser.settle, name="tableside_settle"),
    path("drives/<int:pk>/tables/late/", organiser.late, name="tableside_late"),
    path("drives/<int:pk>/tables/next-round/", organiser.next_round, name="tableside_next"),
    path("drives/<int:pk>/tables/hall/", organiser.hall_controls, name="tableside_hall_controls"),
    path("drives/<int:pk>/tables/links/", organiser.links, name="tableside_links"),
    path(
        "drives/<int:pk>/tables/<int:table>/history/",
        organiser.table_history,
        name="tableside_history",
    ),
    path("drives/<int:pk>/tables/qr/", organiser.qr_sheet, name="tableside_qr"),
    path("drives/<int:pk>/hall/", hall.hall, name="hall"),
    path("drives/<int:pk>/hall/live/", hall.hall_live, name="hall_live"),
    path(
        "drives/<int:pk>/tables/manifest.webmanifest",
        offline.manifest,
        {"screen": "dashboard"},
        name="tableside_manifest",
    ),
    path("hall/certificate/", offline.hall_certificate_page, name="hall_certificate_page"),
    path(
        "drives/<int:pk>/hall/manifest.webmanifest",
        offline.manifest,
        {"screen": "hall"},
        name="hall_manifest",
    ),
    # What reaches the players: their e-mail and consent, results e-mails, feeds, the guide.
    path("players/<int:pk>/email/", reach.member_contact, name="member_contact"),
    path("players/<int:pk>/data.json", reach.member_export, name="member_export"),
    path("players/<int:pk>/erase/", reach.member_erase, name="member_erase"),
    path("drives/<int:pk>/results-email/", reach.results_mail, name="results_mail"),
    path("results-email/stop/<str:token>/", reach.results_stop, name="results_stop"),
    path("clubs/<slug:slug>/calendar.ics", feeds.calendar, name="club_calendar"),
    path(
        "clubs/<slug:slug>/results.atom",
        require_safe(feeds.FinishedDrives()),
        name="club_results_feed",
    ),
    path("guide/", reach.guide, name="guide"),
]
