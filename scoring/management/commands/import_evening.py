"""``python manage.py import_evening FILE [--club NAME] [--evening ID] [--new-card TITLE] [--new NAME]
[--same NAME=MEMBER]``: import one table's evening file. Players are created when missing, but a
name near a member's ("Bnet" beside Bent) or imitating one is refused, as the page asks it, unless
answered: ``--new NAME`` (a new player; never for a lookalike) or ``--same NAME=MEMBER`` (the club's
player MEMBER, who sits under the file's name); the engine settles the whole evening
and the service writes it as recording its deals one by one would. The file is held to the bounds
of ``scoring/engine/bounds.py`` (names, numbers, at most MAX_DEALS_PER_FILE deals and
MAX_FILE_BYTES bytes). An invalid file changes nothing: one line per problem on standard error,
each naming deal and field, and exit status 2. The new evening's id is printed."""
import os
import sys

from scoring.language import engine_language
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation
from django.utils.translation import gettext as _

from scoring import services
from scoring.engine import bounds, interchange
from scoring.engine.problems import problem
from scoring.models import Club, Evening, Player


class Command(BaseCommand):
    help = "Import an evening file (tarokklub.evening/1) and print the new evening's id."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--club", default=None, help="club name (created when missing); default: the only club")
        parser.add_argument("--evening", type=int, default=None, help="add the table to this open evening instead")
        parser.add_argument("--new-card", default=None, metavar="TITLE",
                            help="a rate card in the file that the club does not have becomes a new club card "
                                 "with this title")
        parser.add_argument("--new", action="append", default=[], metavar="NAME",
                            help="a name of the file near a member's is a new player")
        parser.add_argument("--same", action="append", default=[], metavar="NAME=MEMBER",
                            help="a name of the file is the club's player MEMBER")
        parser.add_argument("--lang", choices=["da", "en", "de", "sl"], default=None,
                            help="language of problem messages (default: the site's)")

    def handle(self, *args, **options):
        # override, not activate: a command called in-process (tests, call_command) leaves the
        # caller's language as it was
        with translation.override(options["lang"] or translation.get_language()):
            self.run(options)

    def run(self, options):
        lang = engine_language()
        data = self.read(options["file"], lang)
        evening = None
        if options["evening"] is not None:
            evening = Evening.objects.filter(pk=options["evening"]).select_related("club").first()
            if evening is None:
                raise CommandError(f"--evening: no evening with id {options['evening']}")
            club = evening.club
        else:
            club = _club(options["club"])
        answers = self.answers(club, options["new"], options["same"])
        try:
            prepared = services.evening_import_prepare(club=club, data=data, new_card=options["new_card"],
                                                       answers=answers)
            table = services.evening_import(club=club, evening=evening, prepared=prepared)
        except services.NamesUnanswered as exc:
            self.refuse([f"{question.lookalike or question.text} {self.hint(question)}" for question in exc.questions])
        except services.RecordingError as exc:
            self.refuse([str(error) for error in exc.errors])
        self.stdout.write(str(table.evening_id))

    def answers(self, club: Club, new: list[str], same: list[str]) -> dict[str, int | None]:
        """``--new`` and ``--same`` as the service's answers (a member named by his name now)."""
        found: dict[str, int | None] = {name: None for name in new}
        for given in same:
            name, sep, member = given.partition("=")
            player = Player.objects.filter(club=club, name=member, merged_into__isnull=True).first()
            if not sep or player is None:
                self.refuse([_("--same %(given)s: klubben har ingen spiller ved navn %(member)s.")
                             % {"given": given, "member": member}])
            found[name] = player.pk
        return found

    @staticmethod
    def hint(question) -> str:
        if question.lookalike:
            return _("Svar med --same %(name)s=%(member)s.") % {"name": question.name,
                                                                "member": question.members[0].name}
        return _("Svar med --same %(name)s=%(member)s eller --new %(name)s.") % {
            "name": question.name, "member": question.members[0].name}

    def read(self, path: str, lang: str):
        """The decoded file; a file too big to import, not UTF-8 or not JSON is refused (exit 2)."""
        try:
            size = os.stat(path).st_size
            if size > bounds.MAX_FILE_BYTES:
                self.refuse([problem(None, "file", "file_too_large", size=size,
                                     maximum=bounds.MAX_FILE_BYTES).text(lang)])
            with open(path, "rb") as handle:
                raw = handle.read(bounds.MAX_FILE_BYTES + 1)
        except OSError as exc:
            self.refuse([f"file: cannot read {path}: {exc.strerror}"])
        try:
            text = raw.decode("utf-8-sig")   # a byte order mark (Windows editors) is allowed
        except UnicodeDecodeError as exc:
            self.refuse([problem(None, "file", "not_json", detail=f"not UTF-8 text ({exc.reason})").text(lang)])
        try:
            return interchange.decode(text)
        except (ValueError, RecursionError) as exc:
            self.refuse([problem(None, "file", "not_json", detail=str(exc)[:200]).text(lang)])

    def refuse(self, lines: list[str]):
        for line in lines:
            self.stderr.write(line)
        sys.exit(2)


def _club(name: str | None) -> Club:
    if name:
        club, _ = Club.objects.get_or_create(name=name.strip())
        return club
    clubs = list(Club.objects.all()[:2])
    if len(clubs) == 1:
        return clubs[0]
    if not clubs:
        raise CommandError("--club: there is no club yet; name one with --club NAME")
    raise CommandError("--club: there are several clubs; name one with --club NAME")
