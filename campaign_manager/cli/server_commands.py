"""`campaign-manager server`: set up a PostgreSQL server for shared campaigns, give users their
roles, and list the campaigns a database holds. Passwords are libpq's business (~/.pgpass, a
service file, PGPASSWORD), never the app's."""

from __future__ import annotations

from campaign_manager.i18n import N_, _, ngettext

URL_HELP = N_(
    "the database's address: postgresql://USER@HOST[:PORT]/DATABASE (libpq parameters such as sslmode allowed)"
)


def register(commands) -> None:
    server = commands.add_parser("server", help=_("set up a PostgreSQL server for shared campaigns, and give roles"))
    actions = server.add_subparsers(dest="server_command", metavar="ACTION", required=True)

    init = actions.add_parser(
        "init",
        help=_("make the roles organiser, recorder and viewer in a database (run as its owner; again: no change)"),
    )
    init.add_argument("url", metavar="URL", help=_(URL_HELP))
    init.set_defaults(run=cmd_init)

    grant = actions.add_parser(
        "grant", help=_("give a user a role on every campaign of the database, or (URL?campaign=NAME) in one campaign")
    )
    grant.add_argument(
        "url",
        metavar="URL",
        help=_(
            "the database's address: postgresql://USER@HOST[:PORT]/DATABASE "
            "(libpq parameters such as sslmode allowed); with ?campaign=NAME the role holds in that one only"
        ),
    )
    grant.add_argument("user", metavar="USER", help=_("a user of the server (made by its administrator)"))
    grant.add_argument(
        "role",
        choices=("organiser", "recorder", "viewer", "none"),
        help=_("organiser: everything; recorder: battles, placements and notes; viewer: read only; none: no access"),
    )
    grant.set_defaults(run=cmd_grant)

    repair = actions.add_parser(
        "repair", help=_("take out of a campaign the rows the app cannot use (organiser; each kept in table repaired)")
    )
    repair.add_argument(
        "url",
        metavar="URL",
        help=_(
            "the database's address: postgresql://USER@HOST[:PORT]/DATABASE "
            "(libpq parameters such as sslmode allowed), with ?campaign=NAME"
        ),
    )
    repair.set_defaults(run=cmd_repair)

    naming = actions.add_parser(
        "name", help=_("the name your shop goes by: every action you record from now on is kept with it")
    )
    naming.add_argument(
        "url",
        metavar="URL",
        help=_(
            "the database's address: postgresql://USER@HOST[:PORT]/DATABASE "
            "(libpq parameters such as sslmode allowed) (signed in as yourself)"
        ),
    )
    naming.add_argument("shop", metavar="NAME", help=_('e.g. "Corinth Games" ("" takes it away)'))
    naming.set_defaults(run=cmd_name)

    listing = actions.add_parser("list", help=_("the campaigns a database holds"))
    listing.add_argument("url", metavar="URL", help=_(URL_HELP))
    listing.set_defaults(run=cmd_list)


def _address(url: str):
    from campaign_manager.errors import UserError
    from campaign_manager.store.address import is_server_address, parse_address

    if not is_server_address(url):
        raise UserError(_("{url}: is not a server's address (postgresql://USER@HOST[:PORT]/DATABASE)").format(url=url))
    return parse_address(url)


def cmd_init(args) -> int:
    from campaign_manager.store.server_roles import init_server

    address = _address(args.url)
    done = init_server(address)
    print(_("{server}: ready for shared campaigns ({done})").format(server=address.shown, done="; ".join(done)))
    return 0


def cmd_grant(args) -> int:
    from campaign_manager.store.campaign_roles import grant_in_campaign
    from campaign_manager.store.server_roles import ROLE_WORDS, grant_role

    address = _address(args.url)
    if address.campaign is not None:
        grant_in_campaign(address, args.user, args.role)
        if args.role == "none":
            words = _("{user} has no role of its own in {campaign} now")
        else:
            words = _("{user} is {role} in {campaign} only")
        print(
            words.format(
                user=args.user, role=_(ROLE_WORDS[args.role]) if args.role in ROLE_WORDS else "", campaign=address.shown
            )
        )
        return 0
    grant_role(address, args.user, args.role)
    if args.role == "none":
        words = _("{user} has no role on the campaigns of {server} now")
    else:
        words = _("{user} is {role} on every campaign of {server}")
    print(
        words.format(
            user=args.user, role=_(ROLE_WORDS[args.role]) if args.role in ROLE_WORDS else "", server=address.shown
        )
    )
    return 0


def cmd_list(args) -> int:
    from campaign_manager.store.server_roles import list_campaigns

    address = _address(args.url)
    found = list_campaigns(address)
    if not found:
        words = _("{server}: holds no campaign yet (campaign-manager new URL?campaign=NAME makes one)")
        print(words.format(server=address.shown))
    for name, title, count in found:
        if count is None:
            words = _("not readable by this user")
        else:
            words = ngettext("'{title}', {n} action", "'{title}', {n} actions", count).format(title=title, n=count)
        print(f"{address.with_campaign(name).shown}  {words}")
    return 0


def cmd_repair(args) -> int:
    from campaign_manager.store.server import repair_campaign

    address = _address(args.url)
    done = repair_campaign(address)
    if not done:
        print(_("{campaign}: every row can be used; nothing was changed").format(campaign=address.shown))
    for line in done:
        print(f"{address.shown}: {line}")
    return 0


def cmd_name(args) -> int:
    from campaign_manager.store.server_roles import name_shop

    address = _address(args.url)
    name_shop(address, args.shop)
    if args.shop.strip():
        if address.user:
            words = _("{server}: what {user} records is kept as recorded by {shop}")
        else:
            words = _("{server}: what this user records is kept as recorded by {shop}")
    elif address.user:
        words = _("{server}: what {user} records is kept under the user's name alone")
    else:
        words = _("{server}: what this user records is kept under the user's name alone")
    print(words.format(server=address.shown, user=address.user, shop=repr(args.shop.strip())))
    return 0
