"""One's account and clubs, a new club, invitations, and a club's team page."""

from allauth.account.decorators import reauthentication_required
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from drives.accounts import invitations, services
from drives.accounts.forms import ClubForm, ClubSettingsForm, InviteForm, RoleForm
from drives.errors import DriveError
from drives.models import Club, ClubRole, Membership
from drives.permissions import require_organiser
from drives.site import absolute_url

#: The latest changes the team page lists; every one is kept.
HISTORY = 30


@login_required
def account(request):
    context = {
        "memberships": request.user.memberships.select_related("club"),
        "needing": services.clubs_needing(request.user),
    }
    return render(request, "account/overview.html", context)


@login_required
def my_clubs(request):
    """Where a log-in lands: an invitation being accepted, else the club, else the list."""
    if invitations.held(request) is not None:
        return redirect("accounts:invitation", token=invitations.held_token(request))
    memberships = list(request.user.memberships.select_related("club"))
    if len(memberships) == 1:
        return redirect(memberships[0].club)
    return render(request, "account/my_clubs.html", {"memberships": memberships})


@login_required
def club_new(request):
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            club = services.club_create(user=request.user, club=form.save(commit=False))
        except DriveError as refusal:
            form.add_error("slug", str(refusal))
        else:
            messages.success(
                request,
                _("%(club)s is ready and you are its organiser. Next: add the players.")
                % {"club": club.name},
            )
            return redirect(club)
    return render(request, "account/club_form.html", {"form": form})


def invitation(request, token):
    """An invitation's link: explains it, then signs up or logs in, then accepts."""
    found = services.invitation_for(token)
    refusal = services.invitation_refusal(found)
    if refusal:
        invitations.release(request)
        return render(request, "account/invitation.html", {"refusal": refusal}, status=410)
    assert found is not None  # nosec: no refusal means an invitation
    if request.method == "POST" and request.user.is_authenticated:
        try:
            membership = services.invitation_accept(token=token, user=request.user)
        except DriveError as refusal:
            messages.error(request, str(refusal))
            return redirect(found.club)
        finally:
            invitations.release(request)
        messages.success(
            request,
            _("Welcome to %(club)s's team, as %(role)s.")
            % {"club": membership.club.name, "role": membership.get_role_display().lower()},
        )
        return redirect(membership.club)
    if not request.user.is_authenticated:
        invitations.hold(request, token, found)
    here = reverse("accounts:invitation", args=[token])
    context = {"invitation": found, "next": here}
    return render(request, "account/invitation.html", context)


@reauthentication_required
def account_delete(request):
    """Delete one's own account, after typing the password again (allauth, axes)."""
    needing = services.clubs_needing(request.user)
    if request.method == "POST" and not needing:
        try:
            services.account_delete(user=request.user)
        except DriveError as refusal:
            messages.error(request, str(refusal))
        else:
            logout(request)
            messages.success(request, _("Your account is deleted."))
            return redirect("drives:home")
    return render(request, "account/delete.html", {"needing": needing})


def _organised_club(request, slug) -> Club:
    club = get_object_or_404(Club, slug=slug)
    require_organiser(request.user, club)
    return club


@login_required
def club_settings(request, slug):
    """The club's name, where it plays, how its players are named in public and the colours
    of its suits on its pages and sheets."""
    club = _organised_club(request, slug)
    form = ClubSettingsForm(request.POST or None, instance=club)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Saved %(name)s.") % {"name": club.name})
        return redirect(club)
    return render(request, "account/club_settings.html", {"club": club, "form": form})


@login_required
def team(request, slug):
    """The club's organisers and helpers, its open invitations, a new one, the history."""
    club = _organised_club(request, slug)
    form = InviteForm(request.POST or None)
    if request.method == "POST" and form.is_valid():

        def link(token: str) -> str:
            return absolute_url(reverse("accounts:invitation", args=[token]))

        try:
            sent = services.invitation_send(
                club=club, by=request.user, link=link, **form.cleaned_data
            )
        except DriveError as refusal:
            form.add_error("email", str(refusal))
        else:
            messages.success(
                request,
                _("Invitation sent to %(email)s: the link works once, for %(days)d days.")
                % {"email": sent.invitation.email, "days": settings.INVITATION_DAYS},
            )
            return redirect("drives:team", slug=club.slug)
    context = {
        "club": club,
        "form": form,
        "memberships": club.memberships.select_related("user"),
        "invitations": services.open_invitations(club),
        "history": club.team_changes.all()[:HISTORY],
        "roles": ClubRole.choices,
    }
    return render(request, "account/team.html", context, status=400 if form.errors else 200)


@login_required
@require_POST
def team_change(request, slug):
    """A member's new role or removal, or an invitation withdrawn."""
    club = _organised_club(request, slug)
    try:
        if "invitation" in request.POST:
            invitation = get_object_or_404(club.invitations, pk=_number(request.POST["invitation"]))
            services.invitation_withdraw(invitation=invitation, by=request.user)
            messages.success(
                request,
                _("The invitation to %(email)s is withdrawn: its link opens nothing now.")
                % {"email": invitation.email},
            )
        else:
            membership = get_object_or_404(
                Membership.objects.select_related("user", "club"),
                club=club,
                pk=_number(request.POST.get("membership")),
            )
            name = membership.user.get_username()
            if request.POST.get("action") == "remove":
                services.member_remove(membership=membership, by=request.user)
                messages.success(request, _("%(name)s is no longer in the team.") % {"name": name})
            else:
                form = RoleForm(request.POST)
                if not form.is_valid():
                    raise DriveError(_("Choose organiser or helper."))
                if services.member_role_change(
                    membership=membership, role=form.cleaned_data["role"], by=request.user
                ):
                    messages.success(
                        request,
                        _("%(name)s is now %(role)s.")
                        % {"name": name, "role": membership.get_role_display().lower()},
                    )
    except DriveError as refusal:
        messages.error(request, str(refusal))
    if club.is_organiser(request.user):
        return redirect("drives:team", slug=club.slug)
    return redirect("accounts:my_clubs")  # one who just stepped down to helper


def _number(text) -> int:
    return int(text) if text and str(text).isdigit() else 0
