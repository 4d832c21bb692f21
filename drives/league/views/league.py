"""A season's league table (page and CSV) and a player's page."""

from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_safe
from django_tables2 import RequestConfig

from drives.conditional import conditional_page
from drives.downloads import csv_download
from drives.errors import refusal_text
from drives.filenames import season_download_name
from drives.league.charts import LineChart, Series, line_chart
from drives.league.freshness import player_stamp, season_stamp
from drives.league.records import PlayerRecord, SeasonData, player_record, season_league
from drives.league.tables import LeagueTable
from drives.models import Player, Season
from drives.names import PublicNames, players_who_played
from scoring.errors import LeagueError


def _season(pk) -> Season:
    return get_object_or_404(Season.objects.select_related("club"), pk=pk)


@conditional_page(season_stamp)
def season(request, pk):
    """The league table; ``?role=lady|gent`` for one role, ``?sort=`` to re-sort."""
    season = _season(pk)
    context = {
        "season": season,
        "seasons": season.club.seasons.all(),
        "is_organiser": season.club.is_organiser(request.user),
    }
    try:
        league = season_league(SeasonData.load(season), role=request.GET.get("role"))
    except LeagueError as error:
        return render(request, "drives/season.html", {**context, "error": refusal_text(error)})
    table = LeagueTable(
        league.lines,
        rule_kind=league.rule.kind,
        names=PublicNames.for_club(season.club, request.user),
        empty_text=_("No finished drives yet."),
    )
    RequestConfig(request, paginate=False).configure(table)
    context.update(league=league, table=table)
    return render(request, "drives/season.html", context)


@require_safe
def league_csv(request, pk):
    """The table as a spreadsheet: a column per drive, dropped drives in [brackets]."""
    season = _season(pk)
    try:
        league = season_league(SeasonData.load(season), role=request.GET.get("role"))
    except LeagueError:
        return redirect(season)  # the season page explains what the rule lacks
    response, writer = csv_download(
        season_download_name(season, "league", extension="csv", role=league.role)
    )
    drives = [f"{d.date:%Y-%m-%d} {d.title}" for d in league.drives]
    header = ["place", "name", "role", "drives", league.rule.kind, "previous place"]
    writer.writerow([*header, *drives])
    names = PublicNames.for_club(season.club, request.user)
    for line in league.lines:
        cells = [
            "" if c is None else (c.value if c.counted else f"[{c.value}]") for c in line.cells
        ]
        previous = line.row.previous_rank or ""
        player, row = line.player, line.row
        name = names.player(player)
        # The place as a number (None: not yet qualified), as in the standings CSV.
        writer.writerow(
            [row.rank, name, player.role, row.drives_played, row.figure, previous, *cells]
        )
    return response


@conditional_page(player_stamp)
def player(request, pk):
    """Every drive the player played, their league place and their season in a chart.

    Only players who have played in a finished drive have a public page: the others
    (new and inactive members) are the club's business, so this is a 404 but for its
    organisers.
    """
    player = get_object_or_404(Player.objects.select_related("club"), pk=pk)
    if not players_who_played([player.pk]) and not player.club.is_organiser(request.user):
        raise Http404("No such player.")
    name = PublicNames.for_club(player.club, request.user).player(player)
    record = player_record(player)
    context = {"player": player, "name": name, "record": record}
    context["chart"] = _points_chart(record, name)
    return render(request, "drives/player.html", context)


def _points_chart(record: PlayerRecord, name: str) -> LineChart | None:
    if record.season is None or not record.season_drives:
        return None
    season = record.season.name
    played = [p for p in record.own_points if p is not None]
    day_month = pgettext("date format: day and short month", "j M")
    desc = _(
        "Points at each of the %(drives)d drives of %(season)s so far, for %(name)s "
        "(played %(played)d) and the club average."
    ) % {"drives": len(record.season_drives), "season": season, "name": name, "played": len(played)}
    return line_chart(
        [
            Series(_("Club average"), record.club_average, "average"),
            Series(name, record.own_points, "own"),
        ],
        [date_format(d.date, day_month) for d in record.season_drives],
        title=_("%(name)s's points per drive, %(season)s") % {"name": name, "season": season},
        desc=desc,
        x_label=_("Drive"),
        y_label=_("Points"),
    )
