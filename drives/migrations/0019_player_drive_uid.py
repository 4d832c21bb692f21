"""Players and drives get an identity that travels with them (a club file, a published
drive): added empty, given a random one each, then required and unique in their club."""

import uuid

from django.db import migrations, models


def give_each_its_own(apps, schema_editor):
    for name in ("Player", "Drive"):
        model = apps.get_model("drives", name)
        rows = list(model.objects.only("pk"))
        for row in rows:
            row.uid = uuid.uuid4()
        model.objects.bulk_update(rows, ["uid"], batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [("drives", "0018_merge_20261201_2259")]

    operations = [
        migrations.AddField("player", "uid", models.UUIDField(null=True, editable=False)),
        migrations.AddField("drive", "uid", models.UUIDField(null=True, editable=False)),
        migrations.RunPython(give_each_its_own, migrations.RunPython.noop, elidable=True),
        migrations.AlterField(
            "player", "uid", models.UUIDField(default=uuid.uuid4, editable=False)
        ),
        migrations.AlterField(
            "drive", "uid", models.UUIDField(default=uuid.uuid4, editable=False)
        ),
        migrations.AddConstraint(
            "player",
            models.UniqueConstraint(fields=["club", "uid"], name="player_uid_unique_in_club"),
        ),
        migrations.AddConstraint(
            "drive",
            models.UniqueConstraint(fields=["club", "uid"], name="drive_uid_unique_in_club"),
        ),
    ]
